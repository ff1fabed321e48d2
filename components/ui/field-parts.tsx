import { useId, type ReactNode } from 'react';

/** Ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
      {children}
    </p>
  );
}

export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className="text-error" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export const inputClasses =
  'block w-full rounded-md border border-border bg-surface px-3 py-2.5 text-foreground placeholder:text-muted ' +
  'aria-[invalid=true]:border-error disabled:opacity-60';

/** What a labelled field's control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type LabelledFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  required?: boolean;
  className?: string;
  /** Renders the control (input, select, textarea) with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The scaffold of every labelled single control (TextField, SelectField, TextareaField): the label with its
 * required mark, the control, its hint and its error, tied together by `htmlFor`, `aria-describedby` and
 * `aria-invalid`.
 */
export function LabelledField({ label, hint, error, id, required, className, children }: LabelledFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block font-medium">
        {label}
        <RequiredMark required={required} />
      </label>
      {children({
        id: fieldId,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(fieldId, hint, error),
      })}
      <FieldHint id={fieldId}>{hint}</FieldHint>
      <FieldError id={fieldId}>{error}</FieldError>
    </div>
  );
}
