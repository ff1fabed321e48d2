import type { ReactNode } from 'react';
import { cx } from './cx';

export type AccordionItem = { id?: string; title: ReactNode; content: ReactNode };

/**
 * Native <details>/<summary>: keyboard and screen-reader support for free, works without JavaScript,
 * and the browser opens a closed item when find-in-page or a #hash lands inside it.
 */
export function Accordion({ items, className }: { items: AccordionItem[]; className?: string }) {
  return (
    <div className={cx('divide-y divide-border rounded-xl border border-border bg-surface', className)}>
      {items.map((item, index) => (
        <details key={item.id ?? index} id={item.id} className="group px-5 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
            <span>{item.title}</span>
            <span
              aria-hidden="true"
              className="text-xl text-primary transition-transform duration-[250ms] ease-in-out group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="pb-4 text-muted">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
