'use client';

import { useEffect } from 'react';
import { browserEffects } from '@/lib/api/client';
import type { PublicConfig } from '@/lib/config/env';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime/connection';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useProductStore } from '@/stores/product-store';

/** How long a guest's page may stay busy before the realtime connection is opened anyway. */
const GUEST_IDLE_TIMEOUT_MS = 3_000;

/**
 * One realtime connection per tab (pusher-js loaded on demand): the public `site` channel for everybody and,
 * signed in, the user's private channel. Site events act here; order/payment/policy events reach pages via
 * useRealtimeEvent. A guest's tab connects once the page is idle, so the connection never competes with the
 * page's own start-up.
 */
export function RealtimeConnector({ pusher, userId }: { pusher: PublicConfig['pusher']; userId: number | null }) {
  // A refreshed layout passes an equal but new config object: reconnect only when a value changes.
  const configKey = JSON.stringify(pusher);
  useEffect(() => {
    const connect = () => void connectRealtime(JSON.parse(configKey) as PublicConfig['pusher'], userId);
    if (userId !== null) {
      connect();
      return () => disconnectRealtime();
    }
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(connect, { timeout: GUEST_IDLE_TIMEOUT_MS })
      : window.setTimeout(connect, GUEST_IDLE_TIMEOUT_MS);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      disconnectRealtime();
    };
  }, [configKey, userId]);

  useRealtimeEvent('maintenance.changed', ({ is_active }) => {
    if (is_active) browserEffects.goToMaintenance();
  });
  useRealtimeEvent('product-statuses.updated', (statuses) => {
    useProductStore.getState().updateStatuses(statuses);
  });
  return null;
}
