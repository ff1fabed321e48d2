import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { isBusyError } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { shareRecentResult } from '../../../../lib/net/shared-result';

const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

/** A check's answer: never the raw error (that is logged with the request id), a generic reason instead. */
type Check = { ok: boolean; reason?: string };
type Checks = Record<string, Check>;
/** The shared checks: `database` null when the probe was skipped for a refused write (the route decides then). */
type SharedChecks = { database: Check | null; migrations: Check };

/** A result younger than this answers the probes that come meanwhile (a probe flood costs one check). */
const REUSE_MS = 1000;
/** How long a locked database may keep the write check waiting, in short tries that leave the event loop free. */
const LOCK_WAIT_MS = 1000;
const RETRY_MS = 50;
/**
 * How long a write the storage refused (SQLITE_FULL / READONLY / IOERR, db/write-health.ts) keeps the process not
 * ready when no write commits after it: the Retry-After of that refusal (errors.storageFull). Past it the probe
 * decides again, and the next refused write starts it over.
 */
export const STORAGE_FAILURE_WINDOW_MS = 30_000;

/** The last write was refused by the storage (within the window, nothing committed since): not ready, no probe. */
function storageRefusal(ctx: AppContext): Check | null {
  const reason = ctx.storage.current(STORAGE_FAILURE_WINDOW_MS);
  return reason ? { ok: false, reason } : null;
}

/**
 * A real write (one row, upserted) that never waits on the lock inside SQLite (busy_timeout 0, restored at once):
 * a locked database is retried every RETRY_MS up to LOCK_WAIT_MS, so the process keeps serving meanwhile. The row is
 * updated in place: the probe needs no room, so it succeeds on a full disk and proves nothing about one (its success
 * never clears a refused write, `ctx.storage.probe`). While the last real write was refused it is not run at all
 * (null): the route answers that refusal, or, once a write committed since, that the database took it.
 */
async function databaseWritable(ctx: AppContext, log: FastifyBaseLogger): Promise<Check | null> {
  const { db } = ctx;
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (;;) {
    const refused = storageRefusal(ctx);
    if (refused) {
      log.warn({ check: 'database', reason: refused.reason }, 'readiness check failed');
      return null;
    }
    let failure: unknown = null;
    const previous = db.pragma('busy_timeout', { simple: true }) as number;
    try {
      db.pragma('busy_timeout = 0');
      ctx.storage.probe(() =>
        db.prepare(
          'INSERT INTO readiness_probe (id, checked_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_ms = excluded.checked_ms',
        ).run(Date.now()),
      );
      return { ok: true };
    } catch (err) {
      failure = err;
    } finally {
      db.pragma(`busy_timeout = ${previous}`);
    }
    const busy = isBusyError(failure);
    if (!busy || performance.now() >= deadline) {
      log.warn({ err: failure, check: 'database' }, 'readiness check failed');
      return { ok: false, reason: busy ? 'busy' : 'write_failed' };
    }
    await sleep(RETRY_MS);
  }
}

/**
 * Current: the database has every version the code lists, and none newer than the latest. Versions may be merged out of
 * order (a branch's 18 before another's 17): the latest alone being applied does not mean a lower one is.
 */
function migrationsCurrent(ctx: AppContext, log: FastifyBaseLogger): Check {
  try {
    const applied = new Set(ctx.db.prepare('SELECT version FROM migrations').pluck().all() as number[]);
    const newest = Math.max(0, ...applied);
    const missing = migrations.map((m) => m.version).filter((v) => !applied.has(v));
    if (newest === LATEST_MIGRATION && missing.length === 0) return { ok: true };
    log.warn({ check: 'migrations', schema: newest, code: LATEST_MIGRATION, missing }, 'readiness check failed');
    return { ok: false, reason: 'schema_not_latest' };
  } catch (err) {
    log.warn({ err, check: 'migrations' }, 'readiness check failed');
    return { ok: false, reason: 'check_failed' };
  }
}

function answer(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * Health checks for load balancers and supervisors (never cached, never behind maintenance):
 * `/healthz` the process is alive; `/readyz` it can serve: database writable, migrations current, not draining.
 * The database checks run at most once at a time and their result answers the probes of the next REUSE_MS;
 * draining, and a write the storage refused (`database`: `storage_full`, `read_only`, `io_error`), are answered at
 * once. Failures name the check and a generic reason; the error is logged.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', async (_req, reply) => answer(reply, 200, { status: 'ok' }));

  const sharedChecks = shareRecentResult(REUSE_MS, async (log: FastifyBaseLogger): Promise<SharedChecks> => ({
    database: await databaseWritable(ctx, log),
    migrations: migrationsCurrent(ctx, log),
  }));

  app.get('/readyz', async (req, reply) => {
    const shared = ctx.lifecycle.draining ? null : await sharedChecks(req.log);
    // A write the storage refused counts at once, also since the shared check ran; a write committed since clears it
    // at once (it proved the database writable: the skipped probe is not needed).
    const checks: Checks =
      // Draining wins, also when it began while the checks ran.
      !shared || ctx.lifecycle.draining
        ? { draining: { ok: false } }
        : { database: storageRefusal(ctx) ?? shared.database ?? { ok: true }, migrations: shared.migrations };
    const ready = Object.values(checks).every((c) => c.ok);
    return answer(reply, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
  });
}
