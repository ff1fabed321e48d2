import type { ReactNode } from 'react';

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
