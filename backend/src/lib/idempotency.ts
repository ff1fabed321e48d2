import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { callerId } from './auth';
import { fieldError } from './errors';
import { urlPath } from './http';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return null;
  if (key.length > 200) throw fieldError('idempotency_key', 'Cheia de idempotență poate avea cel mult 200 de caractere.');
  return key;
}

interface Stored {
  status: number;
  body: string;
}

function lookup(ctx: AppContext, req: FastifyRequest, key: string): Stored | undefined {
  return ctx.db
    .prepare('SELECT status, body FROM idempotency_keys WHERE key = ? AND caller = ? AND method = ? AND path = ?')
    .get(key, callerId(ctx, req), req.method, urlPath(req)) as Stored | undefined;
}

function replay(reply: FastifyReply, stored: Stored) {
  return reply.code(stored.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(stored.body);
}

/** preHandler: a repeated key answers the stored first answer before the handler runs. */
export function idempotencyPreHandler(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(req.method)) return;
    const key = keyOf(req);
    if (!key) return;
    const stored = lookup(ctx, req, key);
    if (stored) return replay(reply, stored);
  };
}

class Replayed extends Error {
  constructor(readonly stored: Stored) {
    super('replayed');
  }
}

/**
 * Runs a write in one IMMEDIATE transaction and records its answer under the request's
 * Idempotency-Key in the same transaction. A concurrent twin that got here first wins: its answer
 * is replayed and this write is rolled back.
 */
export async function idempotentWrite<T>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  fn: () => T,
  after?: (result: T) => void | Promise<void>,
) {
  const key = WRITE_METHODS.has(req.method) ? keyOf(req) : null;
  const caller = key ? callerId(ctx, req) : '';
  let result: T;
  try {
    result = ctx.db
      .transaction(() => {
        if (key) {
          const stored = lookup(ctx, req, key);
          if (stored) throw new Replayed(stored);
        }
        const value = fn();
        if (key) {
          ctx.db
            .prepare('INSERT INTO idempotency_keys (key, caller, method, path, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
            .run(key, caller, req.method, urlPath(req), status, JSON.stringify({ data: value }), ctx.clock.now().toISOString());
        }
        return value;
      })
      .immediate();
  } catch (err) {
    if (err instanceof Replayed) return replay(reply, err.stored);
    throw err;
  }
  // Side effects (mail, events) after the commit; the outbox write is awaited so a test reading it next sees it.
  if (after) await after(result);
  return reply.code(status).send({ data: result });
}
