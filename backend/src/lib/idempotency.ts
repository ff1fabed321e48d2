import { hkdfSync } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { optionalAuth } from './auth';
import { hmacHex, sha256 } from './crypto';
import { ApiError, fieldError } from './errors';
import { clientIp, urlPath } from './http';

/**
 * Idempotency-Key on writes (backend/README.md "Idempotency"): the first successful answer of a key is stored
 * and a retry of the same request with the same key gets it back instead of doing the work twice.
 *
 * - A key belongs to its caller (the session for a signed-in call, else the client IP) and to one request:
 *   a keyed fingerprint of method, URL and body (`requestFingerprint`). The same key with another request is
 *   refused (422 `idempotency_key_reused`), never answered with the first request's answer.
 * - Answers that carry an access token (sign-in, register, Google, store-from-product-page) are never stored:
 *   a replay would hand a session to whoever repeats the key. Their retries run again and meet the normal
 *   rules (a second register gets "email taken"; a second sign-in checks the password and opens its own session).
 *   The same holds for two-factor setup answers with recovery codes (a retry gets the normal refusal of a used code).
 * - Stored answers live 24 h; expired ones are ignored (an expired key is a new request, whose answer overwrites the
 *   expired row) and deleted by the retention job (modules/retention/service.ts), never by a request.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a stored answer is replayed; older rows are never read again (the retention job deletes them). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return null;
  if (key.length > 200) throw fieldError('idempotency_key', 'Cheia de idempotență poate avea cel mult 200 de caractere.');
  return key;
}

/** The session for a signed-in call (a valid bearer), else the client IP. */
function callerOf(ctx: AppContext, req: FastifyRequest): string {
  try {
    // Identifies the caller only: the handler itself decides whether a pending session (or one owing the setup) may call.
    const auth = optionalAuth(ctx, req, { allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    if (auth) return `session:${auth.session.id}`;
  } catch {
    // invalid token: the handler answers 401; the key is the IP's
  }
  return `ip:${clientIp(req)}`;
}

/**
 * Stored fingerprints are `hmac1:` + HMAC-SHA256(k, sha256(method, URL, body)), k derived from
 * PAYMENT_SIGNING_SECRET with HKDF under a label of its own. The bodies include passwords (sign-in,
 * change-password, reset): a plain sha256 of them, as stored before, let anyone holding a copy of the database
 * guess those passwords at SHA-256 speed; without k a fingerprint tells nothing about the body.
 * Rows of the old format (a bare sha256 hex) are wrapped into the new one at start and when read
 * (`keyedFingerprint` of the stored digest), so their replays and conflicts keep working across the upgrade.
 */
export const FINGERPRINT_PREFIX = 'hmac1:';
const FINGERPRINT_LABEL = 'broker-backend idempotency request fingerprint v1';
const fingerprintKeys = new WeakMap<Config, Buffer>();

/** The HMAC key of the fingerprints: HKDF-SHA256 of PAYMENT_SIGNING_SECRET (domain-separated by its label). */
export function fingerprintKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', FINGERPRINT_LABEL, 32));
}

function keyOfConfig(config: Config): Buffer {
  let key = fingerprintKeys.get(config);
  if (!key) {
    key = fingerprintKey(config.paymentSigningSecret);
    fingerprintKeys.set(config, key);
  }
  return key;
}

/** The stored form of a request digest (sha256 hex of method, URL and body). */
function keyedFingerprint(config: Config, digest: string): string {
  return FINGERPRINT_PREFIX + hmacHex(keyOfConfig(config), digest);
}

/** The keyed fingerprint of method, URL (path and query) and body as received. */
function requestHash(ctx: AppContext, req: FastifyRequest): string {
  const body = req.rawBody ?? (req.body === undefined ? '' : JSON.stringify(req.body));
  return keyedFingerprint(ctx.config, sha256(`${req.method}\n${req.url}\n${body}`));
}

/** A stored fingerprint in the current format (an old bare sha256 is wrapped, as at start). */
function currentFormat(config: Config, stored: string): string {
  return stored.startsWith(FINGERPRINT_PREFIX) ? stored : keyedFingerprint(config, stored);
}

/**
 * Upgrade at start: the rows still holding a bare sha256 of their request (written before the keyed format)
 * get its keyed fingerprint instead, so that no unkeyed digest of a password-bearing body stays on disk. Nothing
 * else changes: a retry of such a request is still answered from its row, another body still gets the conflict.
 */
export function upgradeRequestFingerprints(db: DB, config: Config): number {
  return db
    .transaction(() => {
      const rows = db
        .prepare(`SELECT key, caller, request_hash FROM idempotency_keys WHERE request_hash NOT LIKE '${FINGERPRINT_PREFIX}%'`)
        .all() as { key: string; caller: string; request_hash: string }[];
      const update = db.prepare('UPDATE idempotency_keys SET request_hash = ? WHERE key = ? AND caller = ?');
      for (const row of rows) update.run(keyedFingerprint(config, row.request_hash), row.key, row.caller);
      return rows.length;
    })
    .immediate();
}

interface Stored {
  request_hash: string;
  status: number;
  body: string;
}

function lookup(ctx: AppContext, key: string, caller: string): Stored | undefined {
  const since = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return ctx.db
    .prepare('SELECT request_hash, status, body FROM idempotency_keys WHERE key = ? AND caller = ? AND created_at > ?')
    .get(key, caller, since) as Stored | undefined;
}

function keyReused(): ApiError {
  return new ApiError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request.',
    'Cererea a fost deja trimisă cu alte date. Reîncărcați pagina și încercați din nou.',
  );
}

function replay(reply: FastifyReply, stored: Stored) {
  return reply.code(stored.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(stored.body);
}

/**
 * True when the answer hands out a credential: an access token, or two-factor recovery codes (kept only as
 * hashes elsewhere; a stored copy would hold them in clear for a day). Such answers are never stored.
 */
function carriesCredential(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const codes = (value as { recovery_codes?: unknown }).recovery_codes;
  return 'access_token' in value || (Array.isArray(codes) && codes.length > 0);
}

/** preHandler: a repeated key answers the stored first answer before the handler runs (422 for another request). */
export function idempotencyPreHandler(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(req.method)) return;
    const key = keyOf(req);
    if (!key) return;
    const stored = lookup(ctx, key, callerOf(ctx, req));
    if (!stored) return;
    if (currentFormat(ctx.config, stored.request_hash) !== requestHash(ctx, req)) throw keyReused();
    return replay(reply, stored);
  };
}

/**
 * Dev fault point (DEV_CRASH_AFTER_COMMIT, honoured only with the /dev endpoints on): the process kills itself
 * right after a write to that path committed, before anything else runs, as a crash or a kill -9 would.
 */
function crashAfterCommitPoint(ctx: AppContext, req: FastifyRequest) {
  const path = ctx.config.devCrashAfterCommit;
  if (path && ctx.config.devEndpoints && urlPath(req) === path) {
    ctx.log.warn({ path }, 'DEV_CRASH_AFTER_COMMIT: killing the process after the commit');
    process.kill(process.pid, 'SIGKILL');
  }
}

class Replayed extends Error {
  constructor(readonly stored: Stored) {
    super('replayed');
  }
}

/**
 * Runs a write in one IMMEDIATE transaction and records its answer under the request's
 * Idempotency-Key in the same transaction. A concurrent twin that got here first wins: its answer
 * is replayed and this write is rolled back. Side effects (mail, realtime events) are written inside
 * `fn` (queueMail, realtime publish): nothing runs after the commit but the answer.
 */
export async function idempotentWrite<T>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  fn: () => T,
) {
  const key = WRITE_METHODS.has(req.method) ? keyOf(req) : null;
  const caller = key ? callerOf(ctx, req) : '';
  const hash = key ? requestHash(ctx, req) : '';
  let result: T;
  try {
    result = ctx.db
      .transaction(() => {
        if (key) {
          const stored = lookup(ctx, key, caller);
          if (stored && currentFormat(ctx.config, stored.request_hash) !== hash) throw keyReused();
          if (stored) throw new Replayed(stored);
        }
        const value = fn();
        if (key && !carriesCredential(value)) {
          // The conflict is an expired row of the key (lookup ignored it; the retention job has not deleted it yet).
          ctx.db
            .prepare(
              `INSERT INTO idempotency_keys (key, caller, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (key, caller) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
                 body = excluded.body, created_at = excluded.created_at`,
            )
            .run(key, caller, hash, status, JSON.stringify({ data: value }), ctx.clock.now().toISOString());
        }
        return value;
      })
      .immediate();
  } catch (err) {
    if (err instanceof Replayed) return replay(reply, err.stored);
    throw err;
  }
  crashAfterCommitPoint(ctx, req);
  return reply.code(status).send({ data: result });
}
