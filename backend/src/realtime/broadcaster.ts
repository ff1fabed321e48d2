import type { DB } from '../db/connection';
import { EventBus, type EventBusOptions } from './bus';

/** Fan-out of realtime events to this process's subscribed sockets (Pusher protocol framing). */
export interface Subscriber {
  socketId: string;
  /** `channel`: the channel the frame is an event of. */
  send(frame: string, channel: string): void;
}

export class Realtime {
  private channels = new Map<string, Set<Subscriber>>();
  private bus: EventBus | null = null;
  /** Every event published from this process, for diagnostics and tests (bounded). */
  readonly recent: { channel: string; event: string; data: unknown }[] = [];

  /**
   * With a database, events go through the shared `realtime_events` table (realtime/bus.ts), so sockets of
   * every backend process on that database get them; without one (never in the server), this process only.
   */
  constructor(db?: DB, busOptions?: EventBusOptions) {
    if (db) this.bus = new EventBus(db, (channel, event, payload, except) => this.deliver(channel, event, payload, except), busOptions);
  }

  subscribe(channel: string, sub: Subscriber): void {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(sub);
  }

  unsubscribe(channel: string, sub: Subscriber): void {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.channels.delete(channel);
  }

  unsubscribeAll(sub: Subscriber): void {
    for (const channel of [...this.channels.keys()]) this.unsubscribe(channel, sub);
  }

  subscriberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  /**
   * Publishes to the sockets of every backend process. data: an object (serialized here) or an
   * already-serialized string (trigger API). Called inside a database transaction, the event is part of it:
   * it is delivered only if the transaction commits (a transactional outbox for events).
   */
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void {
    this.remember(channel, event, data);
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    if (this.bus) this.bus.publish(channel, event, payload, exceptSocketId);
    else this.deliver(channel, event, payload, exceptSocketId);
  }

  /** Publishes to this process's sockets only (state every process derives by itself, e.g. maintenance). */
  publishLocal(channel: string, event: string, data: unknown): void {
    this.remember(channel, event, data);
    this.deliver(channel, event, typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** Starts tailing the shared bus; `onTick` runs at every poll (state refreshes that must reach sockets at once). */
  start(onTick?: () => void): void {
    this.bus?.start(onTick);
  }

  stop(): void {
    this.bus?.stop();
  }

  /** Delivers what other processes published since the last look (the timer calls it; tests may too). */
  poll(): void {
    this.bus?.poll();
  }

  private remember(channel: string, event: string, data: unknown) {
    this.recent.push({ channel, event, data });
    if (this.recent.length > 200) this.recent.shift();
  }

  private deliver(channel: string, event: string, payload: string, exceptSocketId?: string | null): void {
    const set = this.channels.get(channel);
    if (!set) return;
    const frame = JSON.stringify({ event, channel, data: payload });
    for (const sub of set) if (sub.socketId !== exceptSocketId) sub.send(frame, channel);
  }
}
