'use client';

import { useEffect } from 'react';
import { browserEffects } from '@/lib/api/client';
import { getMaintenanceStatus } from '@/lib/api/system';

export const MAINTENANCE_POLL_MS = 15_000;

/**
 * Signed-out tabs have no realtime connection (pusher-js stays out of their bundle), so they ask for the
 * maintenance status every 15 s while visible, and at once when the tab becomes visible again. Requests are
 * shared in flight (lib/api/system.ts). Any API call answered with the maintenance error redirects as well.
 */
export function MaintenancePoller({ intervalMs = MAINTENANCE_POLL_MS }: { intervalMs?: number }) {
  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== 'visible' || window.location.pathname === '/maintenance') return;
      getMaintenanceStatus()
        .then((status) => {
          if (status.is_active) browserEffects.goToMaintenance();
        })
        .catch(() => {
          /* offline or backend down: try again at the next tick */
        });
    };
    const timer = window.setInterval(check, intervalMs);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs]);
  return null;
}
