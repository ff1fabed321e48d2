import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { migrations } from '../../db/migrations';

const LATEST_MIGRATION = Math.max(...migrations.map((m) => m.version));

type Check = { ok: boolean; detail?: string };

/** A real write (one row, upserted) with a short lock wait: proves the database file takes writes. */
function databaseWritable(ctx: AppContext): Check {
  const { db } = ctx;
  const previous = db.pragma('busy_timeout', { simple: true }) as number;
  try {
    db.pragma('busy_timeout = 1000');
    db.prepare(
      'INSERT INTO readiness_probe (id, checked_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_ms = excluded.checked_ms',
    ).run(Date.now());
    return { ok: true };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  } finally {
    db.pragma(`busy_timeout = ${previous}`);
  }
}

function migrationsCurrent(ctx: AppContext): Check {
  try {
    const applied = ctx.db.prepare('SELECT MAX(version) FROM migrations').pluck().get() as number | null;
    return applied === LATEST_MIGRATION ? { ok: true } : { ok: false, detail: `schema ${applied ?? 0}, code ${LATEST_MIGRATION}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

function answer(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * Health checks for load balancers and supervisors (never cached, never behind maintenance):
 * `/healthz` the process is alive; `/readyz` it can serve: database writable, migrations current, not draining.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', async (_req, reply) => answer(reply, 200, { status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const draining = ctx.lifecycle.draining;
    const checks = draining
      ? { draining: { ok: false } }
      : { database: databaseWritable(ctx), migrations: migrationsCurrent(ctx) };
    const ready = Object.values(checks).every((c) => c.ok);
    if (!ready) ctx.log.warn({ checks }, 'not ready');
    return answer(reply, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
  });
}
