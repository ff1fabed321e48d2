import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { isBusyError } from '../../db/connection';
import { storageFailureOf } from '../../db/write-health';
import { IDEMPOTENCY_TTL_MS } from '../../lib/idempotency';
import { THROTTLE, type ThrottlePolicy } from '../../lib/throttle';
import { GRANT_TTL_MS } from '../../realtime/routes';
import { QUOTE_KEEP_AFTER_EXPIRY_MS } from '../quotes/service';
import { EMAIL_CODE_TTL_S, WINDOW_MS as TWO_FACTOR_WINDOW_MS } from '../two-factor/routes';

/**
 * Data retention (backend/README.md "Data retention"): the rows that are only a log of something over (ended
 * sessions, dead reset links, sent mail, analytics events, two-factor attempts and mailed codes, stored idempotent
 * answers, quotes no order uses, quiet sign-in throttle rows, untaken realtime grants) and the personal data kept for
 * a set period (cookie-consent records, contact messages) are deleted once past their retention, by one scheduled job
 * (server.ts, `workers.retention`), a batch per IMMEDIATE transaction with the event loop free between batches, found
 * by the indexes of migrations 15, 17 and 19 and auth_throttle_last. Reads ignore the rows a rule deletes before the
 * job gets to them (a request never pays for a purge).
 *
 * Never purged: orders, payments, payment events, refunds, policies, invoices, expiry reminders, users and recovery
 * codes. The realtime bus's events purge themselves (realtime/bus.ts, on its own timer).
 */

const DAY_MS = 86_400_000;
/** Rows deleted per transaction: a batch holds the write lock for a few milliseconds. */
export const PURGE_BATCH = 1000;
/** How often the job's worker asks whether a run is due (the runs themselves are RETENTION_INTERVAL_MINUTES apart). */
export const RETENTION_POLL_MS = 60_000;
/**
 * Two-factor attempts count for 15 minutes and a mailed code lives 10: a day after that they count for nothing
 * (two-factor/routes.ts), whatever the clock did in between (rows stamped later than now are never purged).
 */
export const TWO_FACTOR_ROWS_KEEP_MS = Math.max(DAY_MS, 4 * TWO_FACTOR_WINDOW_MS, 4 * EMAIL_CODE_TTL_S * 1000);

interface Rule {
  /** The table and the name of its count in the log line. */
  name: string;
  table: string;
  /** The rows (alias `t`) past their retention, with the named parameters of `params`. */
  where: string;
  /** The index the rows are found by, when the planner (no statistics) would pick a worse one. */
  indexedBy?: string;
  /** Run in the batch's transaction before its rows go: `@ids` is the JSON array of their rowids, `@now` the run's time. */
  beforeDelete?: string;
  params(ctx: AppContext, now: number): Record<string, string | number>;
}

const daysBefore = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();
const msBefore = (now: number, ms: number) => new Date(now - ms).toISOString();

/** Applied in this order; each rule is a condition no row still in use meets. */
export const RETENTION_RULES: readonly Rule[] = [
  {
    // Expired, or revoked (a revoked session never comes back: lib/auth.ts), for RETENTION_SESSIONS_DAYS: never a
    // live one. Their accounts are marked (users.sessions_purged_at, migration 17): "the account had a session" is what
    // makes createSession mail the owner about a device never seen, and must outlive the rows. The devices of the
    // deleted rows are forgotten (README "Data retention").
    name: 'sessions',
    table: 'sessions',
    where: '(t.expires_at < @cutoff OR t.revoked_at < @cutoff)',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.sessionsDays) }),
    beforeDelete: `UPDATE users SET sessions_purged_at = @now
      WHERE sessions_purged_at IS NULL AND id IN (SELECT user_id FROM sessions WHERE id IN (SELECT value FROM json_each(@ids)))`,
  },
  {
    // A link works only while unused and unexpired (auth/routes.ts, reset-password): either stamp older than the
    // cutoff means a dead link. A used one is voided too when a newer link is mailed (used_at set then).
    name: 'password_resets',
    table: 'password_resets',
    where: '(t.expires_at < @cutoff OR t.used_at < @cutoff)',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.passwordResetsDays) }),
  },
  {
    // Sent mail only: a pending one (however old, however often it failed) is retried until it goes (mail/outbox.ts).
    name: 'mail_queue',
    table: 'mail_queue',
    where: "t.status = 'sent' AND t.sent_at < @cutoff",
    // Not mail_queue_due (status, next_attempt_at): it would walk every sent mail of the retention period.
    indexedBy: 'mail_queue_sent',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.sentMailDays) }),
  },
  {
    // The stored outbox (no SMTP_URL: GET /dev/outbox) is delivered mail: written with its queue row's `sent` mark.
    name: 'outbox',
    table: 'outbox',
    where: 't.created_at < @cutoff',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.sentMailDays) }),
  },
  {
    name: 'analytics_events',
    table: 'analytics_events',
    where: 't.created_at < @cutoff',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.analyticsDays) }),
  },
  {
    // The total cap, oldest first: ids only grow (the newest row is never deleted), so the ids above MAX − cap are
    // at most `cap` rows. A rowid range: no count, no scan.
    name: 'analytics_events_over_cap',
    table: 'analytics_events',
    where: 't.id <= (SELECT MAX(id) FROM analytics_events) - @cap',
    params: (ctx) => ({ cap: ctx.config.retention.analyticsMaxEvents }),
  },
  {
    name: 'two_factor_attempts',
    table: 'two_factor_attempts',
    where: 't.created_at < @cutoff',
    params: (_ctx, now) => ({ cutoff: msBefore(now, TWO_FACTOR_ROWS_KEEP_MS) }),
  },
  {
    name: 'email_codes',
    table: 'email_codes',
    where: 't.expires_at < @cutoff',
    params: (_ctx, now) => ({ cutoff: msBefore(now, TWO_FACTOR_ROWS_KEEP_MS) }),
  },
  {
    // The proof of a visitor's cookie choice, RETENTION_COOKIE_CONSENTS_DAYS after it was given (README "Data
    // retention": why 13 months). Found by cookie_consents_created (migration 19).
    name: 'cookie_consents',
    table: 'cookie_consents',
    where: 't.created_at < @cutoff',
    indexedBy: 'cookie_consents_created',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.cookieConsentsDays) }),
  },
  {
    // A contact-form message, RETENTION_CONTACT_MESSAGES_DAYS after it came (README: why 24 months). Its receipt
    // mail is a mail_queue row and goes with the sent mail. Found by contact_messages_created (migration 19).
    name: 'contact_messages',
    table: 'contact_messages',
    where: 't.created_at < @cutoff',
    indexedBy: 'contact_messages_created',
    params: (ctx, now) => ({ cutoff: daysBefore(now, ctx.config.retention.contactMessagesDays) }),
  },
  {
    // Exactly the answers no lookup replays any more (lib/idempotency.ts reads created_at > now − TTL): only this job
    // deletes them (a write that meets an expired row of its own key overwrites it).
    name: 'idempotency_keys',
    table: 'idempotency_keys',
    where: 't.created_at <= @cutoff',
    params: (_ctx, now) => ({ cutoff: msBefore(now, IDEMPOTENCY_TTL_MS) }),
  },
  {
    // Exactly the quotes findQuote no longer returns (quotes/service.ts): past their keep, and no order names them.
    // Found by the partial index of the unused ones (migration 20), so that a run never walks past the ordered quotes,
    // which stay for good and would otherwise be every row before the first deletable one.
    name: 'quotes',
    table: 'quotes',
    where: 't.ordered = 0 AND t.expires_at < @cutoff AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = t.id)',
    indexedBy: 'quotes_unused_expires',
    params: (_ctx, now) => ({ cutoff: msBefore(now, QUOTE_KEEP_AFTER_EXPIRY_MS) }),
  },
  // Exactly the rows lib/throttle.ts reads as forgotten: quiet for longer than their policy's window, except an
  // existing account's hard cap. One rule per scope, each found by auth_throttle_last (scope, last_failure_at).
  ...(Object.values(THROTTLE) as ThrottlePolicy[]).map((policy): Rule => ({
    name: 'auth_throttle',
    table: 'auth_throttle',
    where: `t.scope = @scope AND t.last_failure_at < @cutoff${policy.hardCap ? ' AND t.subject NOT IN (SELECT email FROM users)' : ''}`,
    indexedBy: 'auth_throttle_last',
    params: (_ctx, now) => ({ scope: policy.scope, cutoff: msBefore(now, policy.quietMs) }),
  })),
  {
    // A grant not taken within GRANT_TTL_MS is void: the subscribe takes only newer ones (server.ts).
    name: 'realtime_grants',
    table: 'realtime_grants',
    where: 't.created_at < @cutoff',
    indexedBy: 'realtime_grants_created',
    params: (_ctx, now) => ({ cutoff: msBefore(now, GRANT_TTL_MS) }),
  },
];

export interface PurgeResult {
  /** Rows deleted, per rule. */
  deleted: Record<string, number>;
  /** Transactions, per rule. */
  batches: Record<string, number>;
  /**
   * null: everything due was deleted; `aborted`: the server stopped; `database_busy`: another process held the lock;
   * `storage_unavailable`: the storage refused the delete (a full, read-only or failing disk: db/write-health.ts).
   */
  stopped: null | 'aborted' | 'database_busy' | 'storage_unavailable';
  error?: unknown;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes every row past its retention, `batchSize` rows per IMMEDIATE transaction (each commits on its own), giving
 * the event loop a turn before every batch but the first: requests are answered between batches, and a stop
 * (`signal`, the server closing) ends the run at the next one. Nothing due: plain reads only, no write lock. A
 * database locked past the busy timeout ends the run; what is left goes at the next one.
 */
export async function purgeExpiredData(ctx: AppContext, signal?: AbortSignal, batchSize = PURGE_BATCH): Promise<PurgeResult> {
  const now = ctx.clock.now().getTime();
  const result: PurgeResult = { deleted: {}, batches: {}, stopped: null };
  for (const rule of RETENTION_RULES) {
    result.deleted[rule.name] = 0;
    result.batches[rule.name] = 0;
  }
  let first = true;
  for (const rule of RETENTION_RULES) {
    const params = { ...rule.params(ctx, now), batch: batchSize, now: new Date(now).toISOString() };
    const rows = `FROM ${rule.table} AS t${rule.indexedBy ? ` INDEXED BY ${rule.indexedBy}` : ''} WHERE ${rule.where}`;
    const due = ctx.db.prepare(`SELECT 1 ${rows} LIMIT 1`);
    const pick = ctx.db.prepare(`SELECT t.rowid ${rows} LIMIT @batch`).pluck();
    const mark = rule.beforeDelete ? ctx.db.prepare(rule.beforeDelete) : null;
    const remove = ctx.db.prepare(`DELETE FROM ${rule.table} WHERE rowid IN (SELECT value FROM json_each(@ids))`);
    const batch = ctx.db.transaction(() => {
      const ids = JSON.stringify(pick.all(params));
      mark?.run({ ...params, ids });
      return remove.run({ ids }).changes;
    });
    try {
      if (!due.get(params)) continue;
      for (;;) {
        if (!first) await nextTurn();
        first = false;
        if (signal?.aborted) {
          result.stopped = 'aborted';
          return result;
        }
        const deleted = batch.immediate();
        result.deleted[rule.name] += deleted;
        result.batches[rule.name] += 1;
        if (deleted < batchSize) break;
      }
    } catch (err) {
      if (isBusyError(err)) result.stopped = 'database_busy';
      else if (storageFailureOf(err)) result.stopped = 'storage_unavailable';
      else throw err;
      result.error = err;
      return result;
    }
  }
  return result;
}

const lastRun = new WeakMap<AppContext, number>();

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The scheduled job (`workers.retention`, polled every RETENTION_POLL_MS): a run when RETENTION_INTERVAL_MINUTES
 * have passed on the server's clock since the last one (at once on start; a clock set back runs it again rather than
 * wait for the clock to catch up), logged as one line with the counts deleted. Returns how many rows it deleted.
 */
export async function runRetentionPurge(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const now = ctx.clock.now().getTime();
  const last = lastRun.get(ctx);
  if (last !== undefined && now >= last && now - last < ctx.config.retention.intervalMs) return 0;
  lastRun.set(ctx, now);
  // The run's lines carry an id as a request's do.
  const log = ctx.log.child({ request_id: `retention:${randomUUID()}` });
  const started = performance.now();
  const result = await purgeExpiredData(ctx, signal);
  const total = sum(result.deleted);
  const entry = { deleted: result.deleted, total, batches: sum(result.batches), ms: Math.round(performance.now() - started) };
  if (result.stopped === 'database_busy' || result.stopped === 'storage_unavailable') {
    // Tried again at the next poll rather than an interval later: on a full disk the rows it deletes are the room
    // that comes back first (their pages are reused). A refusing disk is an error for ops, a lock only a warning.
    lastRun.delete(ctx);
    const line = { ...entry, stopped: result.stopped, err: result.error };
    if (result.stopped === 'database_busy') log.warn(line, 'retention purge');
    else log.error(line, 'retention purge');
  } else {
    log.info(result.stopped ? { ...entry, stopped: result.stopped } : entry, 'retention purge');
  }
  return total;
}
