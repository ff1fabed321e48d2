'use client';

import { useEffect } from 'react';
import { browserEffects } from '@/lib/api/client';
import type { PublicConfig } from '@/lib/config/env';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useProductStore } from '@/stores/product-store';
import { whenDue } from './when-due';

/** Once the connection module has loaded: its disconnect, for a synchronous cleanup. */
let disconnect: (() => void) | null = null;

/** The connection module (and pusher-js behind it) loads when the tab connects, not with the page. */
const loadConnect = () =>
  import('@/lib/realtime/connection').then(({ connectRealtime, disconnectRealtime }) => {
    disconnect = disconnectRealtime;
    return connectRealtime;
  });

/**
 * One realtime connection per tab (pusher-js loaded on demand): the public `site` channel for everybody and,
 * signed in, the user's private channel. Site events act here; order/payment/policy events reach pages via
 * useRealtimeEvent. A signed-in tab connects at once; a guest's when due (whenDue: the first interaction or
 * 10 s, then idle), never during the page's own start-up (issue 17).
 */
export function RealtimeConnector({ pusher, userId }: { pusher: PublicConfig['pusher']; userId: number | null }) {
  // A refreshed layout passes an equal but new config object: reconnect only when a value changes.
  const configKey = JSON.stringify(pusher);
  useEffect(() => {
    let current = true;
    const connect = () =>
      void loadConnect().then(
        (connectRealtime) => {
          if (current) void connectRealtime(JSON.parse(configKey) as PublicConfig['pusher'], userId);
        },
        () => {
          /* offline or a new deploy: the next page connects (the deploy guard reloads on chunk errors) */
        },
      );
    const cancel = userId !== null ? (connect(), null) : whenDue(connect);
    return () => {
      current = false;
      cancel?.();
      disconnect?.();
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
