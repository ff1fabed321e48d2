'use client';

import { useEffect, useRef } from 'react';

/** Delays between automatic retries: 2 s, doubling, at most a minute (a little jitter spreads the clients). */
export function autoRetryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(60_000, 2000 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Calls `retry` by itself with backoff while the component that shows an error is mounted (issue 15 item 6):
 * when the backend comes back, the error box goes away without the visitor doing anything. Each attempt
 * waits longer; the attempts stop when the component unmounts (the data loaded) or `enabled` turns false.
 */
export function useAutoRetry(retry: () => void, enabled = true): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  }, [retry]);
  useEffect(() => {
    if (!enabled) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        attempt += 1;
        latest.current();
        schedule();
      }, autoRetryDelayMs(attempt));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [enabled]);
}
