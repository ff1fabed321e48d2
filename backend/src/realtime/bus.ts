import { randomUUID } from 'node:crypto';
import type { DB } from '../db/connection';

export type EventBusOptions = {
  /** How often this process looks for events other processes published (ms). */
  pollMs?: number;
  /** Events older than this are purged (ms); a process that was away longer only misses them. */
  retentionMs?: number;
};

type Row = { id: number; channel: string; event: string; data: string; except_socket_id: string | null; origin: string };
type Deliver = (channel: string, event: string, payload: string, exceptSocketId: string | null) => void;

/**
 * The realtime bus every backend process shares: the database itself. Publishing is an INSERT into
 * `realtime_events` (inside the caller's transaction when there is one, so the event commits with the
 * change); each process tails the table by id every `pollMs` and delivers new rows to its own sockets.
 * SQLite has one writer at a time, so ids become visible in order and "id > last seen" never skips a row.
 * This process's own events outside a transaction are delivered at once and skipped by the tail.
 */
export class EventBus {
  readonly origin = randomUUID();
  private lastId: number;
  private readonly deliveredHere = new Set<number>();
  private timers: NodeJS.Timeout[] = [];
  private readonly insert;
  private readonly since;
  private readonly purge;
  private readonly pollMs: number;
  private readonly retentionMs: number;

  constructor(
    private readonly db: DB,
    private readonly deliver: Deliver,
    options: EventBusOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 200;
    this.retentionMs = options.retentionMs ?? 10 * 60_000;
    this.insert = db.prepare(
      'INSERT INTO realtime_events (channel, event, data, except_socket_id, origin, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.since = db.prepare('SELECT id, channel, event, data, except_socket_id, origin FROM realtime_events WHERE id > ? ORDER BY id LIMIT 1000');
    this.purge = db.prepare('DELETE FROM realtime_events WHERE created_ms < ?');
    this.lastId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM realtime_events').pluck().get() as number) ?? 0;
  }

  publish(channel: string, event: string, payload: string, exceptSocketId?: string): void {
    const id = Number(this.insert.run(channel, event, payload, exceptSocketId ?? null, this.origin, Date.now()).lastInsertRowid);
    if (this.db.inTransaction) return; // delivered by the tail once (and only if) the transaction commits
    this.deliveredHere.add(id);
    this.deliver(channel, event, payload, exceptSocketId ?? null);
  }

  poll(): void {
    if (!this.db.open) return;
    for (;;) {
      const rows = this.since.all(this.lastId) as Row[];
      for (const row of rows) {
        this.lastId = row.id;
        if (row.origin === this.origin && this.deliveredHere.delete(row.id)) continue;
        this.deliver(row.channel, row.event, row.data, row.except_socket_id);
      }
      if (rows.length < 1000) return;
    }
  }

  start(onTick?: () => void): void {
    if (this.timers.length > 0) return;
    const tick = () => {
      try {
        this.poll();
        onTick?.();
      } catch {
        // a busy or closing database: the next tick tries again
      }
    };
    const purge = () => {
      try {
        if (this.db.open) this.purge.run(Date.now() - this.retentionMs);
      } catch {
        // retried at the next purge
      }
    };
    this.timers.push(setInterval(tick, this.pollMs), setInterval(purge, Math.min(this.retentionMs, 60_000)));
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
