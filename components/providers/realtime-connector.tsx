'use client';

import { useEffect } from 'react';
import { browserEffects } from '@/lib/api/client';
import type { PublicConfig } from '@/lib/config/env';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime/connection';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useProductStore } from '@/stores/product-store';

/**
 * Signed-in tabs: one realtime connection (pusher-js loaded on demand), the user's private channel and the
 * public `site` channel. Site events act here; order/payment/policy events reach pages via useRealtimeEvent.
 */
export function RealtimeConnector({ pusher, userId }: { pusher: PublicConfig['pusher']; userId: number }) {
  // A refreshed layout passes an equal but new config object: reconnect only when a value changes.
  const configKey = JSON.stringify(pusher);
  useEffect(() => {
    void connectRealtime(JSON.parse(configKey) as PublicConfig['pusher'], userId);
    return () => disconnectRealtime();
  }, [configKey, userId]);

  useRealtimeEvent('maintenance.changed', ({ is_active }) => {
    if (is_active) browserEffects.goToMaintenance();
  });
  useRealtimeEvent('product-statuses.updated', (statuses) => {
    useProductStore.getState().updateStatuses(statuses);
  });
  return null;
}
