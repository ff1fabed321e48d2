'use client';

import { ButtonLink } from '@/components/ui/button';
import { productAvailable, type HomeProductCode } from './product-availability';
import { useLiveStatuses } from './live-statuses-context';

/** A product card's way to start the product, or the notice that it is unavailable (follows the statuses live). */
export function ProductStart({ code, href, cta, headingId }: { code: HomeProductCode; href: string; cta: string; headingId: string }) {
  const available = productAvailable(useLiveStatuses(), code);
  return available ? (
    <ButtonLink href={href} className="w-full" aria-describedby={headingId}>
      {cta}
    </ButtonLink>
  ) : (
    <p className="rounded-md bg-warning-surface px-3 py-2 text-sm font-medium" data-testid={`indisponibil-${code}`}>
      Momentan indisponibil. Reveniți în curând.
    </p>
  );
}
