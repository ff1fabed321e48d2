import Link from 'next/link';
import { cx } from '@/components/ui/cx';
import type { VignetteFlag } from './product-catalogue';

/** Romanian and Hungarian vignettes, each shown as available (a link to its page) or not. */
export function VignetteFlags({ flags }: { flags: VignetteFlag[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {flags.map((flag) => (
        <li
          key={flag.code}
          className="flex items-center justify-between gap-4 rounded-xl border border-border bg-surface px-5 py-4"
        >
          <div>
            <p className="font-semibold">
              {flag.available ? (
                <Link href={flag.href} className="text-primary underline underline-offset-4">
                  {flag.title}
                </Link>
              ) : (
                flag.title
              )}
            </p>
            <p className="text-sm text-muted">{flag.detail}</p>
          </div>
          <span
            className={cx(
              'shrink-0 rounded-full px-3 py-1 text-sm font-semibold',
              flag.available ? 'bg-success-surface text-success' : 'bg-border/60 text-muted',
            )}
          >
            {flag.available ? 'Disponibilă' : 'Indisponibilă'}
          </span>
        </li>
      ))}
    </ul>
  );
}
