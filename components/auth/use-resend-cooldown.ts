'use client';

import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be sent again (the backend allows one email code per 30 s). */
export const RESEND_COOLDOWN_SECONDS = 30;

export function useResendCooldown(seconds = RESEND_COOLDOWN_SECONDS, startNow = false) {
  const [until, setUntil] = useState<number | null>(() => (startNow ? Date.now() + seconds * 1000 : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) {
        setUntil(null);
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { remaining, start };
}
