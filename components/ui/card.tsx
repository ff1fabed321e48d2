import type { HTMLAttributes } from 'react';
import { cx } from './cx';

type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' };

export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={cx('rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6', className)} {...rest} />;
}
