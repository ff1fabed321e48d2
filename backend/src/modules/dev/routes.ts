import type { FastifyInstance } from 'fastify';
import { bucharestDay } from '../../../../contract/day';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findUserByEmail, publicUser } from '../../lib/auth';
import { errorBody, errors } from '../../lib/errors';
import { isLoopbackHost } from '../../../../lib/config/secret-rules';
import { routedPath, sendData } from '../../lib/http';
import { type FakeClock, type OffsetClock } from '../../lib/clock';
import { parse } from '../../lib/validation';
import { decide, lookupPayment, processorTransaction } from '../payments/processor';
import { findPayment } from '../payments/service';
import { randomUUID } from 'node:crypto';
import { insertPaidPolicy } from '../../db/seed';
import { productRow } from '../products/service';
import { serializePolicy, type PolicyRow } from '../policies/service';

const outboxQuery = z.object({ to: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });
const userPatch = z.object({
  is_deleted: z.boolean().optional(),
  is_two_factor_required: z.boolean().optional(),
  /** The account's live sessions signed in this many minutes ago (a session older than a rule's window). */
  signed_in_minutes_ago: z.number().int().min(0).max(7 * 24 * 60).optional(),
});
const failNextSchema = z.object({
  path: z.string().startsWith('/').max(500),
  status: z.number().int().min(400).max(599),
  times: z.number().int().min(1).max(100).default(1),
  /** true: do the work, then answer the status instead (a lost answer: what retries with one key must survive). */
  after: z.boolean().default(false),
});

const delayNextSchema = z.object({
  path: z.string().startsWith('/').max(500),
  ms: z.number().int().min(1).max(120_000),
  times: z.number().int().min(1).max(1000).default(1),
});

const clockSchema = z.object({
  set: z.iso.datetime({ offset: true }).optional(),
  advance_days: z.number().int().min(-400).max(400).optional(),
  reset: z.boolean().optional(),
});

const devPolicySchema = z.object({
  product_code: z.string().max(50),
  ends_on: z.iso.date(),
  months: z.number().int().min(1).max(36).optional(),
  days: z.number().int().min(1).max(400).optional(),
  insured_object: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown()),
  insurer: z.string().max(50).default('generali'),
});

/** Development-only endpoints: registered only with DEV_ENDPOINTS=true (refused in production). */
/**
 * True when a request is addressed (Host) to this machine by a loopback name or to the configured public origin.
 * DNS rebinding: a page elsewhere can point a name of its own at 127.0.0.1 and reach this loopback API from a
 * developer's browser, as same-origin; the dev endpoints (the outbox holds sign-in and reset links) refuse it.
 */
function addressedToThisMachine(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(hostname) || hostname === new URL(publicUrl).hostname;
}

export function registerDev(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req, reply) => {
    if (!routedPath(req).startsWith('/dev/') || addressedToThisMachine(req.headers.host, ctx.publicUrl())) return;
    return reply.code(403).send(errorBody('forbidden_host', 'Development endpoints answer loopback hosts only.', 'Acces refuzat.'));
  });
  app.get('/dev/outbox', async (req, reply) => {
    const q = parse(outboxQuery, req.query);
    const rows = (q.to
      ? ctx.db.prepare('SELECT * FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT ?').all(q.to.trim().toLowerCase(), q.limit)
      : ctx.db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(q.limit)) as {
      id: number; message_id: string | null; to_address: string; subject: string; text: string; html: string | null; attachments: string; created_at: string;
    }[];
    return sendData(
      reply,
      rows.map((r) => ({ id: r.id, message_id: r.message_id, to: r.to_address, subject: r.subject, text: r.text, html: r.html, attachments: JSON.parse(r.attachments), created_at: r.created_at })),
    );
  });

  // The mail outbox queue (transactional outbox): status, attempts and the next try of each message, newest first.
  app.get('/dev/mail-queue', async (req, reply) => {
    const q = parse(outboxQuery, req.query);
    const cols = 'id, message_id, to_address AS "to", subject, status, attempts, next_attempt_at, last_error, created_at, sent_at';
    const rows = q.to
      ? ctx.db.prepare(`SELECT ${cols} FROM mail_queue WHERE to_address = ? ORDER BY id DESC LIMIT ?`).all(q.to.trim().toLowerCase(), q.limit)
      : ctx.db.prepare(`SELECT ${cols} FROM mail_queue ORDER BY id DESC LIMIT ?`).all(q.limit);
    return sendData(reply, rows);
  });

  // Delivers the due queued mail now (instead of at the worker's next tick) and answers how many were sent.
  // The server's clock (an OffsetClock with dev endpoints on; a FakeClock in tests): set it, move it by days,
  // or reset it to the system time. Drives the expiry reminder scheduler in end-to-end tests.
  app.post('/dev/clock', async (req, reply) => {
    const body = parse(clockSchema, req.body);
    const clock = ctx.clock as Partial<OffsetClock & FakeClock>;
    if (typeof clock.set !== 'function' || typeof clock.advance !== 'function') {
      throw errors.conflict('clock_not_controllable', 'The clock cannot be moved.', 'Ceasul serverului nu poate fi mutat.');
    }
    if (body.reset) {
      if (typeof clock.reset === 'function') clock.reset();
      else clock.set(Date.now());
    }
    if (body.set) clock.set(body.set);
    if (body.advance_days) clock.advance(body.advance_days * 86_400_000);
    return sendData(reply, { now: ctx.clock.now().toISOString(), bucharest_day: bucharestDay(ctx.clock.now()) });
  });

  // One pass of the expiry reminder scheduler now; answers how many mails it queued.
  app.post('/dev/reminders/run', async (_req, reply) => sendData(reply, { queued: await ctx.workers.reminders.runOnce() }));

  app.post('/dev/mail-queue/deliver', async (_req, reply) => sendData(reply, { sent: await ctx.workers.mail.runOnce() }));

  // Read-back for tests: consents as stored (with the IP the BFF forwarded).
  app.get('/dev/cookie-consents', async (req, reply) => {
    const q = parse(z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }), req.query);
    const rows = ctx.db
      .prepare('SELECT id, user_id, consent, ip, user_agent, created_at FROM cookie_consents ORDER BY id DESC LIMIT ?')
      .all(q.limit);
    return sendData(reply, rows);
  });

  // Row counts of the tables writes create, so tests can assert that a retried write created one record.
  app.get('/dev/counts', async (_req, reply) => {
    const tables = ['users', 'quotes', 'orders', 'payments', 'policies', 'contact_messages', 'cookie_consents'] as const;
    const counts = Object.fromEntries(
      tables.map((t) => [t, (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
    );
    return sendData(reply, counts);
  });

  app.put('/dev/users/:email', async (req, reply) => {
    const { email } = parse(z.object({ email: z.string().max(200) }), req.params);
    const body = parse(userPatch, req.body);
    const user = findUserByEmail(ctx, email);
    if (!user) throw errors.notFound('User', 'Utilizatorul nu există.');
    if (body.is_deleted !== undefined) ctx.db.prepare('UPDATE users SET is_deleted = ? WHERE id = ?').run(body.is_deleted ? 1 : 0, user.id);
    if (body.is_two_factor_required !== undefined) {
      ctx.db.prepare('UPDATE users SET is_two_factor_required = ? WHERE id = ?').run(body.is_two_factor_required ? 1 : 0, user.id);
    }
    if (body.signed_in_minutes_ago !== undefined) {
      const signedIn = new Date(ctx.clock.now().getTime() - body.signed_in_minutes_ago * 60_000).toISOString();
      ctx.db.prepare('UPDATE sessions SET created_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(signedIn, user.id);
    }
    return sendData(reply, publicUser(findUserByEmail(ctx, email)!));
  });

  // A paid policy for a test customer, ending on a chosen day (renewals, reminders and the expiring banner).
  app.post('/dev/users/:email/policies', async (req, reply) => {
    const { email } = parse(z.object({ email: z.string().max(200) }), req.params);
    const body = parse(devPolicySchema, req.body);
    const user = findUserByEmail(ctx, email);
    if (!user) throw errors.notFound('User', 'Utilizatorul nu există.');
    const product = productRow(ctx, body.product_code);
    if (!product) throw errors.notFound('Product', 'Produsul nu există.');
    const id = ctx.db.transaction(() =>
      insertPaidPolicy(ctx.db, user.id, { first_name: user.first_name, last_name: user.last_name, email: user.email, phone_number: user.phone_number }, {
        product: body.product_code, prefix: product.policy_prefix, insurer: body.insurer, package: 'Test', amount: 10_000,
        ends_on: body.ends_on, months: body.months, days: body.days, object: body.insured_object, input: body.input,
        key: `dev-${randomUUID()}`,
      }),
    ).immediate();
    const row = ctx.db.prepare('SELECT * FROM policies WHERE id = ?').get(id) as PolicyRow;
    return sendData(reply, serializePolicy(ctx, row));
  });

  // The simulated processor: a late answer for a payment (a bank authorisation after a decline, say), sent by
  // IPN with the processor's retries; its record of a payment; its retry run and the reconciliation job, now.
  app.post('/dev/processor/payments/:payment_id/notify', async (req, reply) => {
    const { payment_id } = parse(z.object({ payment_id: z.string().max(100) }), req.params);
    const body = parse(z.object({ status: z.enum(['confirmed', 'declined']) }), req.body);
    const payment = findPayment(ctx, payment_id);
    if (!payment) throw errors.notFound('Payment', 'Plata nu există.');
    const ipn_status = await decide(ctx, payment.id, payment.amount_bani, body.status);
    return sendData(reply, { ...processorTransaction(ctx, payment.id), first_ipn_status: ipn_status });
  });

  app.get('/dev/processor/payments/:payment_id', async (req, reply) => {
    const { payment_id } = parse(z.object({ payment_id: z.string().max(100) }), req.params);
    return sendData(reply, { lookup: lookupPayment(ctx, payment_id).status, transaction: processorTransaction(ctx, payment_id) ?? null });
  });

  app.post('/dev/processor/ipn-retries/run', async (_req, reply) => sendData(reply, { acknowledged: await ctx.workers.ipn.runOnce() }));

  app.post('/dev/payments/reconcile', async (_req, reply) => sendData(reply, { settled: await ctx.workers.reconcile.runOnce() }));

  app.post('/dev/fail-next', async (req, reply) => {
    const body = parse(failNextSchema, req.body);
    ctx.failNext.set(body.path, { status: body.status, times: body.times, after: body.after });
    return sendData(reply, body);
  });

  // Fault injection for drain and timeout tests: the next `times` calls of `path` wait `ms` before being handled.
  app.post('/dev/delay-next', async (req, reply) => {
    const body = parse(delayNextSchema, req.body);
    ctx.delayNext.set(body.path, { ms: body.ms, times: body.times });
    return sendData(reply, body);
  });

  // How many delayed calls each path still expects (a test waits until its calls all arrived).
  app.get('/dev/delay-next', async (_req, reply) =>
    sendData(reply, Object.fromEntries([...ctx.delayNext].map(([path, rule]) => [path, rule.times]))),
  );

  app.delete('/dev/fail-next', async (_req, reply) => {
    ctx.failNext.clear();
    ctx.delayNext.clear();
    return sendData(reply, { cleared: true });
  });
}
