'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { inputClasses, LabelledField } from './field-parts';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** Forces typed text to upper case (SPEC §5, plates and VINs). */
  uppercase?: boolean;
};

export function TextField({ label, hint, error, id, className, uppercase, required, onKeyUp, ...rest }: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          className={cx(inputClasses, uppercase && 'uppercase')}
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
      )}
    </LabelledField>
  );
}
