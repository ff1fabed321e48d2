'use client';

import { useState } from 'react';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { listPolicies, mergePolicy, type Policy } from '@/lib/api/policies';
import { groupPolicies } from '@/lib/policies/group';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import type { DateLocaleCode } from '@/contract/locales';
import { EmptyState } from './empty-state';
import { PolicyCard } from './policy-card';

const SECTIONS = [
  { key: 'expiring', title: 'Expiră în următoarele 30 de zile' },
  { key: 'active', title: 'Active' },
  { key: 'expired', title: 'Expirate' },
] as const;

/** Road vignettes have their own page (/account/vignettes); the backend lists them with the policies. */
const insuranceOnly = (policies: Policy[]) => policies.filter((p) => !p.is_vignette);

/**
 * The customer's policies grouped as expiring, active and expired; a newly issued one appears live.
 * Grouped on today's calendar day in Europe/Bucharest as the server gave it (useBucharestToday), so the page
 * needs no time-zone data while it hydrates.
 */
export function PoliciesView({ initialPolicies, dateLocale = 'ro' }: { initialPolicies: Policy[]; dateLocale?: DateLocaleCode }) {
  const today = useBucharestToday();
  const [policies, setPolicies] = useState(() => insuranceOnly(initialPolicies));
  const [notice, setNotice] = useState<string | null>(null);

  useRealtimeEvent('realtime.subscribed', () => {
    listPolicies()
      .then((all) => setPolicies(insuranceOnly(all)))
      .catch(() => {
        /* the policy.issued event or the next visit brings the change */
      });
  });
  useRealtimeEvent('policy.issued', (data) => {
    const issued = data as unknown as Policy;
    if (issued.is_vignette) return;
    setPolicies((current) => mergePolicy(current, issued));
    setNotice(`Polița ${issued.number} a fost emisă.`);
  });

  if (policies.length === 0) {
    return (
      <EmptyState title="Nu aveți încă polițe" actionHref="/#produse-titlu" actionLabel="Cumpărați o asigurare">
        După plata unei comenzi, polița apare aici și o puteți descărca oricând în format PDF.
      </EmptyState>
    );
  }

  const groups = groupPolicies(policies, today);
  return (
    <div className="space-y-10">
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      {SECTIONS.map(({ key, title }) =>
        groups[key].length > 0 ? (
          <section key={key} aria-labelledby={`polite-${key}`}>
            <h2 id={`polite-${key}`} className="mb-4 text-xl font-bold text-primary">
              {title} <span className="text-base font-normal text-muted">({groups[key].length})</span>
            </h2>
            <ul className="space-y-4">
              {groups[key].map((policy) => (
                <PolicyCard key={policy.id} policy={policy} state={key} today={today} dateLocale={dateLocale} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
