'use client';

import Link from 'next/link';
import { cx } from '@/components/ui/cx';
import { vignetteAvailable, type VignetteCode } from './product-availability';
import { useLiveStatuses } from './live-statuses-context';

/** One vignette, shown as available (a link to its page) or not; follows the statuses live. */
export function VignetteFlagItem({ code, title, detail, href }: { code: VignetteCode; title: string; detail: string; href: string }) {
  const available = vignetteAvailable(useLiveStatuses(), code);
  return (
    <li className="flex items-center justify-between gap-4 rounded-xl border border-border bg-surface px-5 py-4">
      <div>
        <p className="font-semibold">
          {available ? (
            <Link href={href} className="text-primary underline underline-offset-4">
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className="text-sm text-muted">{detail}</p>
      </div>
      <span
        className={cx(
          'shrink-0 rounded-full px-3 py-1 text-sm font-semibold',
          available ? 'bg-success-surface text-success' : 'bg-border/60 text-muted',
        )}
      >
        {available ? 'Disponibilă' : 'Indisponibilă'}
      </span>
    </li>
  );
}
