import type { ReactNode } from 'react';
import { cx } from './cx';

/** The page's one h1 with an optional eyebrow line and introduction. */
export function PageHeader({
  title,
  eyebrow,
  children,
  className,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cx('mb-8', className)}>
      {eyebrow ? <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-secondary">{eyebrow}</p> : null}
      <h1 className="text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 max-w-3xl text-lg text-muted">{children}</div> : null}
    </header>
  );
}
