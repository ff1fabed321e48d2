import { cx } from './cx';

/** A grey placeholder block while content loads (decorative: hidden from assistive technology). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded-md bg-border/70 motion-reduce:animate-none', className ?? 'h-4 w-full')}
    />
  );
}
