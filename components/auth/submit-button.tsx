import type { ReactNode } from 'react';

type Props = {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
};

/** Submit button that shows progress while the request runs and cannot be pressed twice. */
export function SubmitButton({ pending, children, pendingLabel = 'Se trimite…', variant = 'primary', disabled }: Props) {
  return (
    <button
      type="submit"
      className={`btn btn-${variant} w-full`}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
    >
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
          />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
