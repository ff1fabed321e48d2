import { cx } from './cx';

/** A decorative spinner; pair it with visible or screen-reader text saying what is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)} role={label ? 'status' : undefined}>
      <svg
        className="h-5 w-5 animate-spin motion-reduce:animate-none"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
