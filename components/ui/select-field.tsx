import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldHint, inputClasses, RequiredMark } from './field-parts';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  options: SelectOption[];
  /** A first, empty option ("Alegeți…"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
};

export function SelectField({ label, options, placeholder, hint, error, id, className, required, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block font-medium">
        {label}
        <RequiredMark required={required} />
      </label>
      <select
        id={fieldId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        required={required}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={fieldId}>{hint}</FieldHint>
      <FieldError id={fieldId}>{error}</FieldError>
    </div>
  );
}
