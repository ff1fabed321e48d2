'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { BucharestDay } from '@/contract/day';

const BucharestTodayContext = createContext<string | null>(null);

/** setTimeout takes at most 2^31 − 1 ms. */
const MAX_TIMEOUT_MS = 2_147_483_647;

function delayUntil(at: number, atLeast: number): number {
  return Math.min(Math.max(at - Date.now(), atLeast), MAX_TIMEOUT_MS);
}

/**
 * Today in Europe/Bucharest for rendering, as the server computed it (the root layout passes
 * `bucharestDayAt(new Date())` through AppProviders). Product forms read it with useBucharestToday() instead of
 * formatting the current time themselves: the first time-zone-aware Intl call costs a fresh page tens of
 * milliseconds, and date-fns-tz makes one as soon as it loads. A page left open past midnight moves on to the
 * next day then, loading lib/time on demand.
 */
export function BucharestTodayProvider({ value, children }: { value: BucharestDay; children: ReactNode }) {
  const [rolled, setRolled] = useState<BucharestDay | null>(null);
  // A newer day from the server (the layout rendered again) wins over one rolled over here.
  const current = rolled && rolled.nextDayAt > value.nextDayAt ? rolled : value;
  const until = current.nextDayAt;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    const check = () => {
      if (checking) return;
      checking = true;
      clearTimeout(timer);
      import('@/lib/time').then(
        ({ bucharestDayAt }) => {
          checking = false;
          if (cancelled) return;
          const now = bucharestDayAt(new Date());
          // Timers may fire a little early: still the same day, wait again.
          if (now.nextDayAt > until) setRolled(now);
          else timer = setTimeout(check, delayUntil(until, 1000));
        },
        () => {
          checking = false; // offline or a new deploy: keep the day, try again on the next visit to the tab
        },
      );
    };
    // Timers stop while the device sleeps: check again when the page is shown.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() >= until) check();
    };
    timer = setTimeout(check, delayUntil(until, 0));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [until]);

  return <BucharestTodayContext value={current.day}>{children}</BucharestTodayContext>;
}

/** Today in Europe/Bucharest, `YYYY-MM-DD` (from <BucharestTodayProvider>, which AppProviders renders). */
export function useBucharestToday(): string {
  const today = useContext(BucharestTodayContext);
  if (today === null) throw new Error('useBucharestToday() needs <BucharestTodayProvider> (AppProviders renders it).');
  return today;
}
