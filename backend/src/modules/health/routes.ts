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

/** A result younger than this answers the probes that come meanwhile (a probe flood costs one check). */
const REUSE_MS = 1000;
/** How long a locked database may keep the write check waiting, in short tries that leave the event loop free. */
const LOCK_WAIT_MS = 1000;
const RETRY_MS = 50;

/**
 * A real write (one row, upserted) that never waits on the lock inside SQLite (busy_timeout 0, restored at once):
 * a locked database is retried every RETRY_MS up to LOCK_WAIT_MS, so the process keeps serving meanwhile.
 */
async function databaseWritable(ctx: AppContext, log: FastifyBaseLogger): Promise<Check> {
  const { db } = ctx;
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (;;) {
    let failure: unknown = null;
    const previous = db.pragma('busy_timeout', { simple: true }) as number;
    try {
      db.pragma('busy_timeout = 0');
      db.prepare(
        'INSERT INTO readiness_probe (id, checked_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_ms = excluded.checked_ms',
      ).run(Date.now());
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
 * draining is answered at once. Failures name the check and a generic reason; the error is logged.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', async (_req, reply) => answer(reply, 200, { status: 'ok' }));

  const sharedChecks = shareRecentResult(REUSE_MS, async (log: FastifyBaseLogger): Promise<Checks> => ({
    database: await databaseWritable(ctx, log),
    migrations: migrationsCurrent(ctx, log),
  }));

  app.get('/readyz', async (req, reply) => {
    const checked = ctx.lifecycle.draining ? null : await sharedChecks(req.log);
    // Draining wins, also when it began while the checks ran.
    const checks: Checks = !checked || ctx.lifecycle.draining ? { draining: { ok: false } } : checked;
    const ready = Object.values(checks).every((c) => c.ok);
    return answer(reply, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
  });
}
