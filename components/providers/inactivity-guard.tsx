'use client';

import { useEffect } from 'react';
import { keepSessionAlive } from '@/lib/api/logout';
import { endSession, hasPendingLogout, resumePendingLogout } from '@/lib/session/end-session';
import { autoRetryDelayMs } from '@/components/ui/use-auto-retry';
import { startInactivityWatch } from './inactivity';

/**
 * Signed-in tabs: 1 hour without activity in any tab ends the session (alert, /authenticate); activity is told to
 * the backend every few minutes, which ends a session unused for that hour by itself (a closed tab's). A logout that
 * could not reach the server earlier (offline) is finished here, silently and with backoff, instead of ending
 * the session again (which looped: alert → /authenticate → / → alert).
 */
export function InactivityGuard({ timeoutMs }: { timeoutMs?: number }) {
  useEffect(() => {
    if (!hasPendingLogout()) {
      return startInactivityWatch({ timeoutMs, onTimeout: () => void endSession({ reason: 'inactivity' }), onKeepAlive: () => void keepSessionAlive() });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = (n: number) => {
      void resumePendingLogout().then((done) => {
        if (!done && !stopped) timer = setTimeout(() => attempt(n + 1), autoRetryDelayMs(n));
      });
    };
    attempt(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [timeoutMs]);
  return null;
}
