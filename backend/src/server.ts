import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE } from '../../contract/http';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { AppContext } from './context';
import { isBusyError, openDatabase, type DB } from './db/connection';
import { storageFailureOf, trackWrites } from './db/write-health';
import { migrate } from './db/migrations';
import { seed, seedVignettes } from './db/seed';
import { OffsetClock, systemClock, type Clock } from './lib/clock';
import { ApiError, errorBody, errors } from './lib/errors';
import { sessionIsLive } from './lib/auth';
import { loggedPath, routedPath, urlPath } from './lib/http';
import { idempotencyPreHandler, upgradeRequestFingerprints } from './lib/idempotency';
import { SiteState } from './lib/site-state';
import { PeriodicWorker } from './lib/worker';
import { safeLogStream } from './lib/log-stream';
import { deliverDueMail } from './mail/outbox';
import { retryDueIpns } from './modules/payments/processor';
import { reconcilePayments } from './modules/payments/reconcile';
import { createMailer } from './mail/mailer';
import { Realtime } from './realtime/broadcaster';
import { attachPusherServer } from './realtime/pusher-server';
import { GRANT_TTL_MS, registerRealtimeRoutes } from './realtime/routes';
import { registerAuth } from './modules/auth/routes';
import { registerTwoFactor } from './modules/two-factor/routes';
import { registerProducts } from './modules/products/routes';
import { registerQuotes } from './modules/quotes/routes';
import { registerOrders } from './modules/orders/routes';
import { registerPayments } from './modules/payments/routes';
import { registerPolicies } from './modules/policies/routes';
import { registerInvoices } from './modules/invoices/routes';
import { registerAccount } from './modules/account/routes';
import { registerContent } from './modules/content/routes';
import { registerConsents } from './modules/consents/routes';
import { registerAnalytics } from './modules/analytics/routes';
import { registerAdmin } from './modules/admin/routes';
import { registerDev } from './modules/dev/routes';
import { registerReminders } from './modules/reminders/routes';
import { runExpiryReminders } from './modules/reminders/service';
import { RETENTION_POLL_MS, runRetentionPurge } from './modules/retention/service';
import { registerHealth } from './modules/health/routes';
import { registerRegistry } from './modules/registry/routes';

/** How often the background jobs look for due work (they are also kicked when work is queued). */
const WORKER_POLL_MS = 1000;
const REMINDER_POLL_MS = 5 * 60_000;

/** A request id the web app sent (X-Request-Id) is kept when it is short and of a safe charset. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** Answered while draining: the probes of a load balancer or process manager. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** /api/v1 calls that keep working during maintenance. */
const MAINTENANCE_EXEMPT = new Set(['/api/v1/maintenances/status', '/api/v1/payments/ipn']);

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string | null;
  }
}

export interface BuildOptions {
  clock?: Clock;
  /** Logger override (tests pass false). */
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** false: background jobs do not start with listen() (tests drive them with runOnce()). */
  workers?: boolean;
}

export interface BuiltServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: DB;
  /** Starts listening on config.host:config.port (0 = ephemeral) and returns the base URL. */
  listen(): Promise<string>;
  url(): string;
  close(): Promise<void>;
}

function jsonParseError(message: string) {
  const err = new Error(message) as Error & { statusCode: number; code: string };
  err.statusCode = 400;
  err.code = 'invalid_json';
  return err;
}

/** busboy's errors on a malformed multipart body (no boundary, cut short, bad part headers) carry no status. */
function isMultipartParseError(error: Error, req: FastifyRequest): boolean {
  if ((error as FastifyError).statusCode !== undefined || error instanceof ApiError) return false;
  const type = req.headers['content-type'] ?? '';
  return /^multipart\//i.test(type) && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

export async function buildServer(config: Config, options: BuildOptions = {}): Promise<BuiltServer> {
  // With dev endpoints on, the clock can be moved (`POST /dev/clock`) to drive the reminder scheduler.
  const clock = options.clock ?? (config.devEndpoints ? new OffsetClock() : systemClock);
  const app = Fastify({
    // stdout through safeLogStream: a log output that fails (a full disk) drops lines instead of stopping the API.
    logger: options.logger === false ? false : { level: config.logLevel, stream: options.logStream ?? safeLogStream() },
    // Fastify's own request logging is off: one line per request from the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients (slowloris): Fastify's default is no request timeout at all, so a request whose body never
    // arrives held its connection for ever. Node checks the deadlines every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    // Fastify's own answer while closing is an English `{"error":"Service Unavailable"}` without Retry-After; the
    // onRequest hook below refuses with the contract's body instead (errors.draining).
    return503OnClosing: false,
    // X-Forwarded-For only from the web app's BFF (BACKEND_TRUSTED_PROXIES); anyone else gets its socket address.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // A URL that cannot be decoded (`/api/v1/%c0%ae`) gets the contract's 400, not Fastify's own body.
    frameworkErrors: (_error, _req, reply) => {
      void (reply as FastifyReply).code(400).send(errorBody('bad_request', 'Bad request.', 'Cererea nu este validă.'));
    },
    // Every log line of a request carries its id: the web app's X-Request-Id, or a new one.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
  });

  const db = openDatabase(config.databasePath);
  // Every write's outcome from here on: a write the storage refused makes /readyz answer 503 for a while.
  const storage = trackWrites(db, () => clock.now().getTime());
  migrate(db, () => clock.now());
  // Stored idempotency fingerprints of the old unkeyed format (a bare sha256 of the body) get their keyed form.
  upgradeRequestFingerprints(db, config);
  seed(db, clock.now());
  seedVignettes(db);

  const realtime = new Realtime(db, { pollMs: config.realtimePollMs, retentionMs: config.realtimeRetentionMs });
  let baseUrl = '';
  const workers = {} as AppContext['workers'];
  const ctx: AppContext = {
    config,
    db,
    clock,
    log: app.log,
    realtime,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, clock, log: app.log }),
    site: new SiteState(db, clock, realtime),
    publicUrl: () => config.publicUrl?.replace(/\/+$/, '') ?? baseUrl,
    internalUrl: () => baseUrl,
    failNext: new Map(),
    delayNext: new Map(),
    storage,
    lifecycle: { draining: false },
    workers,
  };
  workers.mail = new PeriodicWorker('mail outbox', WORKER_POLL_MS, (signal) => deliverDueMail(ctx, signal), app.log);
  // Expiry reminders: a pass on start (catching up after a restart) and every few minutes; each pass works on
  // the clock's Bucharest day and sends each (item, threshold) once.
  workers.reminders = new PeriodicWorker('expiry reminders', REMINDER_POLL_MS, async () => runExpiryReminders(ctx), app.log);
  workers.ipn = new PeriodicWorker('processor IPN retries', WORKER_POLL_MS, (signal) => retryDueIpns(ctx, signal), app.log);
  workers.reconcile = new PeriodicWorker('payment reconciliation', config.payments.reconcileIntervalSeconds * 1000, () => reconcilePayments(ctx), app.log);
  // Data retention: a run on start and every RETENTION_INTERVAL_MINUTES of the clock (polled every minute, so the
  // dev clock moves it too); batches of deletes, each its own transaction.
  workers.retention = new PeriodicWorker('retention purge', RETENTION_POLL_MS, (signal) => runRetentionPurge(ctx, signal), app.log);
  // Events other processes published, and maintenance / product flags other processes changed, reach this
  // process's sockets within one poll.
  realtime.start(() => ctx.site.refresh());

  // ── Body parsing ──────────────────────────────────────────────────────────────
  app.decorateRequest('rawBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (req, body, done) => {
    const text = String(body);
    req.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(jsonParseError('Malformed JSON body.'), undefined);
    }
  });
  // Plausible's tracker sends its JSON as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (req, body, done) => {
    const text = String(body);
    req.rawBody = text;
    try {
      done(null, text.trim() ? JSON.parse(text) : undefined);
    } catch {
      done(null, text);
    }
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: 64 * 1024, fields: 50, files: 2, fileSize: BODY_LIMIT_BYTES, parts: 60 },
  });

  // ── Errors ────────────────────────────────────────────────────────────────────
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.status).send(errorBody(error.code, error.message, error.prettyMessage));
    }
    if (isBusyError(error)) {
      // Locked past the busy timeout: the write rolled back whole; the caller retries after Retry-After.
      req.log.warn({ err: error, url: loggedPath(req), method: req.method }, 'database busy');
      const busy = errors.databaseBusy();
      return reply.code(busy.status).headers(busy.headers).send(errorBody(busy.code, busy.message, busy.prettyMessage));
    }
    const storageFailure = storageFailureOf(error);
    if (storageFailure === 'storage_full' || storageFailure === 'read_only') {
      // No room on the disk, or a read-only one: the write rolled back whole. An error for ops (it lasts until someone
      // frees space or remounts the disk); the caller gets a clean 503 + Retry-After instead of a 500, its retry with
      // the same key applies once, and /readyz answers 503 meanwhile (ctx.storage). An I/O error (which a read can
      // meet too) stays a 500; /readyz counts it when a write met it.
      req.log.error({ err: error, url: loggedPath(req), method: req.method, storage: storageFailure }, 'storage refused the write');
      const full = errors.storageFull();
      return reply.code(full.status).headers(full.headers).send(errorBody(full.code, full.message, full.prettyMessage));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (isMultipartParseError(error, req)) {
      return reply.code(400).send(errorBody('invalid_multipart', 'Malformed multipart body.', 'Cererea nu are un format valid.'));
    }
    if (code === 'invalid_json' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(errorBody('invalid_json', 'Malformed JSON body.', 'Cererea nu are un format valid.'));
    }
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody(PAYLOAD_TOO_LARGE.code, PAYLOAD_TOO_LARGE.message, PAYLOAD_TOO_LARGE.pretty_message));
    }
    if (status === 415) {
      return reply.code(415).send(errorBody('unsupported_media_type', 'Unsupported content type.', 'Formatul datelor trimise nu este acceptat.'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody('bad_request', 'Bad request.', 'Cererea nu este validă.'));
    }
    // The path only: a query string can carry a credential (`?token=` of the two-factor calls, `?signature=`).
    req.log.error({ err: error, url: loggedPath(req), method: req.method }, 'request failed');
    return reply.code(500).send(errorBody('server_error', 'Internal server error.', 'A apărut o eroare. Încercați din nou.'));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(errorBody('not_found', `Page Not Found: ${urlPath(req)}`, 'Pagina căutată nu există.')),
  );

  // ── Cross-cutting hooks ───────────────────────────────────────────────────────
  const injectedAfter = new WeakMap<object, number>();
  app.addHook('onRequest', async (req, reply) => {
    const path = urlPath(req);
    reply.header('x-request-id', req.id);
    if (ctx.lifecycle.draining) {
      reply.header('connection', 'close');
      // Draining: a request that still arrives on an open connection is refused (503 + Retry-After), the health
      // checks excepted (/readyz says "draining" itself, /healthz stays 200).
      if (!HEALTH_PATHS.has(path)) throw errors.draining();
    }
    if (ctx.delayNext.size > 0) {
      const rule = ctx.delayNext.get(path);
      if (rule && rule.times > 0) {
        rule.times -= 1;
        if (rule.times <= 0) ctx.delayNext.delete(path);
        await new Promise((resolve) => setTimeout(resolve, rule.ms));
      }
    }
    if (ctx.failNext.size > 0) {
      const rule = ctx.failNext.get(path);
      if (rule && rule.times > 0) {
        rule.times -= 1;
        if (rule.times <= 0) ctx.failNext.delete(path);
        if (rule.after) {
          // The work happens and commits; only the answer is lost (see the onSend hook below).
          injectedAfter.set(req, rule.status);
          return;
        }
        return reply
          .code(rule.status)
          .send(errorBody(rule.status === 503 ? 'service_unavailable' : 'injected_failure', `Injected failure (${rule.status}).`, 'Serviciul nu este disponibil momentan. Încercați din nou.'));
      }
    }
    // The routed path: an escaped letter (`/%61pi/v1/orders`) reaches the same route and so meets maintenance too.
    const routed = routedPath(req);
    if (routed.startsWith('/api/v1/')) {
      ctx.site.refresh();
      if (ctx.site.maintenance().is_active && !MAINTENANCE_EXEMPT.has(routed)) {
        throw errors.maintenance(ctx.site.maintenance().message);
      }
    }
  });
  app.addHook('preHandler', idempotencyPreHandler(ctx));
  app.addHook('onSend', async (req, reply, payload) => {
    const status = injectedAfter.get(req);
    if (status === undefined) return payload;
    injectedAfter.delete(req);
    reply.code(status).type('application/json; charset=utf-8');
    return JSON.stringify(errorBody('injected_failure', `Injected failure (${status}) after the work was done.`, 'Serviciul nu este disponibil momentan. Încercați din nou.'));
  });
  // One structured line per request (request_id from the logger's child bindings); health probes at debug.
  app.addHook('onResponse', async (req, reply) => {
    const entry = { method: req.method, url: loggedPath(req), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (req.url.startsWith('/healthz') || req.url.startsWith('/readyz')) req.log.debug(entry, 'request');
    else req.log.info(entry, 'request');
  });

  // ── Routes ────────────────────────────────────────────────────────────────────
  for (const register of [
    registerAuth, registerTwoFactor, registerProducts, registerQuotes, registerOrders, registerPayments,
    registerPolicies, registerInvoices, registerAccount, registerContent, registerConsents, registerAnalytics, registerAdmin,
    registerRealtimeRoutes, registerHealth, registerRegistry, registerReminders,
  ]) {
    register(app, ctx);
  }
  if (config.devEndpoints) registerDev(app, ctx);

  const pusher = attachPusherServer({
    server: app.server,
    key: config.pusher.key,
    secret: config.pusher.secret,
    realtime,
    log: app.log,
    webAppUrl: config.webAppUrl,
    grants: {
      take: (socketId, channel) =>
        (db
          .prepare('DELETE FROM realtime_grants WHERE socket_id = ? AND channel = ? AND created_at >= ? RETURNING session_id')
          .pluck()
          .get(socketId, channel, new Date(ctx.clock.now().getTime() - GRANT_TTL_MS).toISOString()) as number | undefined) ?? null,
      live: (sessionId) => sessionIsLive(ctx, sessionId),
    },
  });

  let closed = false;
  return {
    app,
    ctx,
    db,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const addr = app.server.address() as AddressInfo;
      const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${addr.port}`;
      // Background jobs start with the server: a restarted server catches up on what it had queued.
      if (options.workers !== false) for (const worker of Object.values(workers)) worker.start();
      return baseUrl;
    },
    url: () => baseUrl,
    async close() {
      if (closed) return;
      closed = true;
      // However the server is closed, a request that arrives on an open connection meanwhile gets the drain's answer.
      ctx.lifecycle.draining = true;
      realtime.stop();
      pusher.close();
      await app.close();
      for (const worker of Object.values(workers)) await worker.stop();
      ctx.mailer.close();
      db.close();
    },
  };
}
