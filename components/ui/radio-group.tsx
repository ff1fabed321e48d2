import { useId, type ChangeEvent, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, RequiredMark } from './field-parts';

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean };

type RadioGroupProps = {
  name: string;
  legend: ReactNode;
  options: RadioOption[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Lay the options out in a row from the small breakpoint up. */
  inline?: boolean;
  className?: string;
};

/** Radio buttons in a fieldset with a legend; hint and error are tied to the group. */
export function RadioGroup({
  name,
  legend,
  options,
  value,
  defaultValue,
  onChange,
  hint,
  error,
  required,
  inline,
  className,
}: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 font-medium">
        {legend}
        <RequiredMark required={required} />
      </legend>
      <div className={inline ? 'flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6' : 'flex flex-col gap-2'}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                className="mt-1 h-5 w-5 shrink-0 accent-[var(--color-primary)]"
                checked={value === undefined ? undefined : value === option.value}
                defaultChecked={defaultValue === undefined ? undefined : defaultValue === option.value}
                disabled={option.disabled}
                required={required}
                onChange={onChange ? (event) => onChange(option.value, event) : undefined}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              />
              <label htmlFor={optionId}>
                {option.label}
                {option.hint ? (
                  <span id={`${optionId}-hint`} className="block text-sm text-muted">
                    {option.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id}>{error}</FieldError>
    </fieldset>
  );
}
