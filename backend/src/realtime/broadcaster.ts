/** In-process fan-out of realtime events to subscribed sockets (Pusher protocol framing). */
export interface Subscriber {
  socketId: string;
  send(frame: string): void;
}

export class Realtime {
  private channels = new Map<string, Set<Subscriber>>();
  /** Every published event, for diagnostics and tests (bounded). */
  readonly recent: { channel: string; event: string; data: unknown }[] = [];

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

  /** data: an object (serialized here) or an already-serialized string (trigger API). */
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void {
    this.recent.push({ channel, event, data });
    if (this.recent.length > 200) this.recent.shift();
    const set = this.channels.get(channel);
    if (!set) return;
    const frame = JSON.stringify({ event, channel, data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const sub of set) if (sub.socketId !== exceptSocketId) sub.send(frame);
  }
}
