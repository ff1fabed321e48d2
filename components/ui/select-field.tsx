import type { ReactNode, SelectHTMLAttributes } from 'react';
import { inputClasses, LabelledField } from './field-parts';

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
  return (
    <LabelledField label={label} hint={hint} error={error} id={id} required={required} className={className}>
      {(control) => (
        <select {...control} className={inputClasses} {...rest}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
