'use client';

import { useEffect, useState } from 'react';
import { listProducts } from '@/lib/api/products';
import type { ProductStatus } from '@/contract/types';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useProductStore } from '@/stores/product-store';
import { newerStatuses } from './product-availability';

/** How often a visitor's page re-reads the statuses when no realtime connection tells it (guests). */
export const STATUS_POLL_MS = 10_000;

/**
 * The product statuses, starting from the server-rendered ones and kept current by three sources:
 * the realtime `product-statuses.updated` event (signed-in tabs), the product store (any products call
 * carries `x-site-product-statuses`) and a light poll while the tab is visible (guests have no realtime).
 */
export function useLiveProductStatuses(initial: ProductStatus | null, pollMs = STATUS_POLL_MS): ProductStatus | null {
  const [statuses, setStatuses] = useState(initial);
  const stored = useProductStore((s) => s.productStatuses);

  useRealtimeEvent('product-statuses.updated', (next) => {
    useProductStore.getState().updateStatuses(next);
    setStatuses((current) => newerStatuses(current, next));
  });

  const [lastStored, setLastStored] = useState(stored);
  if (stored !== lastStored) {
    // Adjusting state while rendering (React docs "You might not need an effect").
    setLastStored(stored);
    setStatuses((current) => newerStatuses(current, stored));
  }

  useEffect(() => {
    if (pollMs <= 0) return;
    let stopped = false;
    const poll = () => {
      if (document.visibilityState !== 'visible') return;
      listProducts().catch(() => {
        /* keep the last known statuses */
      });
    };
    const timer = window.setInterval(poll, pollMs);
    const onVisible = () => {
      if (!stopped) poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [pollMs]);

  return statuses;
}
