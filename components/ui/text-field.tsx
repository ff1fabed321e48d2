'use client';

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldError, FieldHint, inputClasses, RequiredMark } from './field-parts';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** Forces typed text to upper case (SPEC §5, plates and VINs). */
  uppercase?: boolean;
};

export function TextField({ label, hint, error, id, className, uppercase, required, onKeyUp, ...rest }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block font-medium">
        {label}
        <RequiredMark required={required} />
      </label>
      <input
        id={fieldId}
        className={cx(inputClasses, uppercase && 'uppercase')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        required={required}
        onKeyUp={
          uppercase
            ? (event) => {
                const input = event.currentTarget;
                const upper = input.value.toUpperCase();
                if (upper !== input.value) {
                  const { selectionStart, selectionEnd } = input;
                  input.value = upper;
                  input.setSelectionRange(selectionStart, selectionEnd);
                }
                onKeyUp?.(event);
              }
            : onKeyUp
        }
        {...rest}
      />
      <FieldHint id={fieldId}>{hint}</FieldHint>
      <FieldError id={fieldId}>{error}</FieldError>
    </div>
  );
}
