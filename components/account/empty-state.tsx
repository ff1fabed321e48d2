import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';

/** A list with nothing in it yet: what that means and the way forward. */
export function EmptyState({
  title,
  children,
  actionHref,
  actionLabel,
}: {
  title: string;
  children?: ReactNode;
  actionHref: string;
  actionLabel: string;
}) {
  return (
    <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children ? <div className="mx-auto mt-2 max-w-prose text-muted">{children}</div> : null}
      <ButtonLink href={actionHref} className="mt-6">
        {actionLabel}
      </ButtonLink>
    </div>
  );
}
