import type { ReactNode } from 'react';

/** A titled part of a purchase form (the title names the section for assistive technology). */
export function FormSection({ id, title, className = 'flex flex-col gap-4', children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
