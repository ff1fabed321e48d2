'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { listPolicies, mergePolicy, type Policy } from '@/lib/api/policies';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import type { DateLocaleCode } from '@/contract/locales';
import { VIGNETTE_PAGES } from '@/lib/vignettes/catalog';
import { EmptyState } from './empty-state';
import { VignetteCard } from './vignette-card';

/** Vignettes still to use (soonest end first), then the expired ones (latest end first). */
function ordered(vignettes: Policy[], today: string): Policy[] {
  const current = vignettes.filter((v) => v.ends_on >= today).sort((a, b) => a.ends_on.localeCompare(b.ends_on));
  const expired = vignettes.filter((v) => v.ends_on < today).sort((a, b) => b.ends_on.localeCompare(a.ends_on));
  return [...current, ...expired];
}

const onlyVignettes = (policies: Policy[]) => policies.filter((p) => p.is_vignette);

/**
 * The customer's road vignettes (the backend lists them with the policies, `is_vignette`), each with its state on
 * today's Bucharest day; a newly issued one appears live.
 */
export function VignettesView({ initialVignettes, dateLocale = 'ro' }: { initialVignettes: Policy[]; dateLocale?: DateLocaleCode }) {
  const today = useBucharestToday();
  const [vignettes, setVignettes] = useState(() => onlyVignettes(initialVignettes));
  const [notice, setNotice] = useState<string | null>(null);

  useRealtimeEvent('realtime.subscribed', () => {
    listPolicies()
      .then((policies) => setVignettes(onlyVignettes(policies)))
      .catch(() => {
        /* the policy.issued event or the next visit brings the change */
      });
  });
  useRealtimeEvent('policy.issued', (data) => {
    const issued = data as unknown as Policy;
    if (!issued.is_vignette) return;
    setVignettes((current) => mergePolicy(current, issued));
    setNotice(`Vinieta cu seria ${issued.number} a fost emisă.`);
  });

  if (vignettes.length === 0) {
    return (
      <EmptyState title="Nu aveți încă viniete" actionHref={VIGNETTE_PAGES['ro-vignette']} actionLabel="Cumpărați o rovinietă">
        După plată, vinieta apare aici, cu perioada de valabilitate și dovada achiziției în format PDF. Pentru Ungaria,
        cumpărați{' '}
        <Link className="text-primary underline" href={VIGNETTE_PAGES['hu-vignette']}>
          vinieta e-matrica
        </Link>
        .
      </EmptyState>
    );
  }
  return (
    <div>
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      <ul className="space-y-4" aria-label="Viniete">
        {ordered(vignettes, today).map((v) => (
          <VignetteCard key={v.id} vignette={v} today={today} dateLocale={dateLocale} />
        ))}
      </ul>
    </div>
  );
}
