import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB } from './db/connection';
import type { WriteHealth } from './db/write-health';
import type { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/broadcaster';
import type { SiteState } from './lib/site-state';
import type { PeriodicWorker } from './lib/worker';

/** Everything the modules share: one per server instance (tests run several side by side). */
export interface AppContext {
  config: Config;
  db: DB;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  realtime: Realtime;
  site: SiteState;
  /** Base URL the browser uses to reach this API (payment processor pages). */
  publicUrl(): string;
  /** Base URL this process uses to call itself (IPN). */
  internalUrl(): string;
  /** Fault injection (dev): answer the next calls of a path with a status, before or after doing the work. */
  failNext: Map<string, { status: number; times: number; after?: boolean }>;
  /** Fault injection (dev): delay the next calls of a path by `ms` before handling them. */
  delayNext: Map<string, { ms: number; times: number }>;
  /** The outcome of the last write (db/write-health.ts): /readyz answers 503 for a while after the storage refused one. */
  storage: WriteHealth;
  /** Process lifecycle: true once SIGTERM started the drain (/readyz answers 503). */
  lifecycle: { draining: boolean };
  /**
   * Background jobs (started by listen(), stopped by close()): mail outbox delivery, expiry reminders, the
   * simulated processor's IPN retries, payment reconciliation, the data retention purge.
   */
  workers: { mail: PeriodicWorker; reminders: PeriodicWorker; ipn: PeriodicWorker; reconcile: PeriodicWorker; retention: PeriodicWorker };
}
