import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint } from './field-parts';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
};

export function Checkbox({ label, hint, error, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-[var(--color-primary)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          {...rest}
        />
        <label htmlFor={fieldId}>{label}</label>
      </div>
      <div className="pl-8">
        <FieldHint id={fieldId}>{hint}</FieldHint>
        <FieldError id={fieldId}>{error}</FieldError>
      </div>
    </div>
  );
}
