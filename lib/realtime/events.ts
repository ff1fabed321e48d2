import type { ProductStatus } from '@/contract/types';

/**
 * Realtime events (backend/README.md "Realtime"), dispatched through one typed in-memory bus so that any
 * component can react (`useRealtimeEvent`). Pages refresh on the order/payment/policy events.
 */
export type RealtimeEventMap = {
  'order.updated': { id: number; status: string } & Record<string, unknown>;
  'payment.updated': { payment_id: number | string; order_id: number; status: string };
  'policy.issued': { id: number } & Record<string, unknown>;
  'maintenance.changed': { is_active: boolean };
  'product-statuses.updated': ProductStatus;
  /**
   * Emitted by the client itself each time the user's private channel is (re)subscribed: events published
   * while the tab was connecting or disconnected are lost, so lists re-read what they show.
   */
  'realtime.subscribed': { channel: string };
};

export type RealtimeEventName = keyof RealtimeEventMap;

export const USER_EVENTS = ['order.updated', 'payment.updated', 'policy.issued'] as const;
export const SITE_EVENTS = ['maintenance.changed', 'product-statuses.updated'] as const;

type Listener<K extends RealtimeEventName> = (data: RealtimeEventMap[K]) => void;

const listeners = new Map<RealtimeEventName, Set<Listener<RealtimeEventName>>>();

export function onRealtimeEvent<K extends RealtimeEventName>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
  }
  set.add(listener as Listener<RealtimeEventName>);
  return () => {
    set.delete(listener as Listener<RealtimeEventName>);
  };
}

export function emitRealtimeEvent<K extends RealtimeEventName>(name: K, data: RealtimeEventMap[K]): void {
  for (const listener of listeners.get(name) ?? []) {
    try {
      listener(data);
    } catch (error) {
      console.error(`[realtime] listener for ${name} failed`, error);
    }
  }
}
