'use client';

import { useEffect } from 'react';
import { browserEffects } from '@/lib/api/client';
import type { PublicConfig } from '@/lib/config/env';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime/connection';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useProductStore } from '@/stores/product-store';

/**
 * A guest's tab opens the realtime connection (pusher-js, 18 KB gzip, and a websocket) when the visitor first
 * interacts with the page, or GUEST_CONNECT_DELAY_MS after it started, whichever comes first; then once the
 * browser is idle. A guest needs it only for changes while the page stays open (product flags; maintenance is
 * polled as well, MaintenancePoller), so it never needs to be part of the page's load: loaded at idle, it was a
 * third of the JavaScript a guest's home page fetched while loading (issue 17).
 */
const GUEST_CONNECT_DELAY_MS = 10_000;
/** How long a page may stay busy, once the guest's connection is due, before it is opened anyway. */
const GUEST_IDLE_TIMEOUT_MS = 3_000;
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/** Calls `connect` once: on the first interaction or after the delay, then when the browser is idle. */
function connectWhenDue(connect: () => void): () => void {
  let idleHandle: number | null = null;
  const idle = typeof window.requestIdleCallback === 'function';
  const stopWaiting = () => {
    window.clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, due, true);
  };
  function due() {
    stopWaiting();
    if (idleHandle !== null) return;
    idleHandle = idle ? window.requestIdleCallback(connect, { timeout: GUEST_IDLE_TIMEOUT_MS }) : window.setTimeout(connect, 0);
  }
  const timer = window.setTimeout(due, GUEST_CONNECT_DELAY_MS);
  for (const type of INTERACTIONS) window.addEventListener(type, due, { capture: true, passive: true });
  return () => {
    stopWaiting();
    if (idleHandle === null) return;
    if (idle) window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

/**
 * One realtime connection per tab (pusher-js loaded on demand): the public `site` channel for everybody and,
 * signed in, the user's private channel. Site events act here; order/payment/policy events reach pages via
 * useRealtimeEvent. A signed-in tab connects at once; a guest's when due (connectWhenDue), never during the
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
    const cancel = connectWhenDue(connect);
    return () => {
      cancel();
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
