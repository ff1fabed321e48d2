/** A form-level error (not tied to one field), announced at once and focusable after a failed submit. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-form-error
      className="rounded-md border border-error bg-error-surface px-4 py-3 text-sm text-error"
    >
      {message}
    </div>
  );
}
