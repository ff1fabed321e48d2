'use client';

import { useEffect, useState } from 'react';
import type { DateLocaleCode } from '@/contract/locales';

/** Instants (ISO 8601) with their `5 martie 2026, 14:30` label in Europe/Bucharest. */
export type DateTimeLabels = Record<string, string>;

/**
 * Labels for instants shown by a client list: the server formats the ones it rendered (`initial`); an instant that
 * arrives later (a realtime update, a re-read) is formatted here with lib/time, loaded then. The list thus renders
 * and hydrates without date-fns-tz, whose time-zone set-up costs a page tens of milliseconds as it loads.
 * Returns the label of an instant, or null while it is being formatted.
 */
export function useDateTimeLabels(
  instants: readonly string[],
  initial: DateTimeLabels,
  locale: DateLocaleCode,
): (instant: string) => string | null {
  const [labels, setLabels] = useState(initial);
  const missing = [...new Set(instants.filter((instant) => labels[instant] === undefined))].join('|');

  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    import('@/lib/time').then(
      ({ formatDateTime }) => {
        if (cancelled) return;
        setLabels((current) => {
          const next = { ...current };
          for (const instant of missing.split('|')) next[instant] = formatDateTime(instant, locale);
          return next;
        });
      },
      () => {
        /* offline or a new deploy: the next render tries again */
      },
    );
    return () => {
      cancelled = true;
    };
  }, [missing, locale]);

  return (instant) => labels[instant] ?? null;
}
