import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const toneClasses: Record<AlertTone, string> = {
  info: 'border-info bg-info-surface',
  success: 'border-success bg-success-surface',
  warning: 'border-warning bg-warning-surface',
  error: 'border-error bg-error-surface',
};

/**
 * A message box. Errors are announced assertively (role="alert"), the rest politely (role="status"),
 * so async results are read out when they appear.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const urgent = tone === 'error';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      className={cx('rounded-lg border-l-4 px-4 py-3 text-foreground', toneClasses[tone], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
