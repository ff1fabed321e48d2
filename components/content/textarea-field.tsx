import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from '@/components/ui/cx';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: ReactNode;
  id?: string;
};

/** A labelled multi-line input with its error, styled like TextField. */
export function TextareaField({ label, error, id, className, required, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block font-medium">
        {label}
        {required ? (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <textarea
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cx(
          'block w-full rounded-md border border-border bg-surface px-3 py-2.5 text-foreground aria-[invalid=true]:border-error',
        )}
        {...rest}
      />
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
