import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { inputClasses, LabelledField } from './field-parts';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
};

/** A labelled multi-line input with its hint and error, styled like TextField. */
export function TextareaField({ label, hint, error, id, className, required, ...rest }: TextareaFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id} required={required} className={className}>
      {(control) => <textarea {...control} className={inputClasses} {...rest} />}
    </LabelledField>
  );
}
