'use client';

import { useEffect, useRef } from 'react';
import { onRealtimeEvent, type RealtimeEventMap, type RealtimeEventName } from './events';

/**
 * Runs `handler` for each realtime event `name` while the component is mounted, e.g.
 *   const router = useRouter();
 *   useRealtimeEvent('order.updated', () => router.refresh());
 */
export function useRealtimeEvent<K extends RealtimeEventName>(name: K, handler: (data: RealtimeEventMap[K]) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onRealtimeEvent(name, (data) => ref.current(data)), [name]);
}
