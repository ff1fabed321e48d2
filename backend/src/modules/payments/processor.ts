import type { AppContext } from '../../context';
import { hmacHex } from '../../lib/crypto';
import { backoffMs } from '../../lib/worker';
import { findPayment, type ProcessorStatus } from './service';

/**
 * The simulated payment processor (a separate "site" on this server, as Netopia or EuPlătesc would be). It keeps
 * its own record of each checkout's answer (`processor_transactions`), notifies the merchant server-to-server
 * (IPN) until the merchant acknowledges with a 2xx, retrying with backoff (PAYMENT_IPN_RETRY_SCHEDULE, persisted,
 * so retries survive a restart), and answers status lookups (the merchant's reconciliation job).
 */

export const checkoutSignature = (secret: string, paymentId: string) => hmacHex(secret, `checkout:${paymentId}`);
export const ipnSignature = (secret: string, paymentId: string, status: string, amountBani: number) =>
  hmacHex(secret, `${paymentId}:${status}:${amountBani}`);

export interface ProcessorTransaction {
  payment_id: string;
  amount_bani: number;
  status: 'confirmed' | 'declined';
  decided_at: string;
  ipn_attempts: number;
  ipn_next_at: string | null;
  ipn_delivered_at: string | null;
  ipn_last_result: string | null;
}

/** An IPN attempt that never finished (a crash mid-call) is retried after this long. */
const LEASE_MS = 60_000;

export const processorTransaction = (ctx: AppContext, paymentId: string) =>
  ctx.db.prepare('SELECT * FROM processor_transactions WHERE payment_id = ?').get(paymentId) as ProcessorTransaction | undefined;

/** A checkout nobody answered within PAYMENT_CHECKOUT_TTL_SECONDS of its creation has expired. */
export function checkoutExpired(ctx: AppContext, createdAt: string): boolean {
  return ctx.clock.now().getTime() - Date.parse(createdAt) > ctx.config.payments.checkoutTtlSeconds * 1000;
}

/**
 * The processor's status lookup: what it decided about a payment and the amount it charged or refused (as a real
 * processor's status call answers both), `expired` for a checkout left unanswered past its lifetime, `pending`
 * while the customer may still answer, `unknown` for an id it never saw (no amount for those three).
 */
export function lookupPayment(ctx: AppContext, paymentId: string): { status: ProcessorStatus | 'pending' | 'unknown'; amount_bani: number | null } {
  const tx = processorTransaction(ctx, paymentId);
  if (tx) return { status: tx.status, amount_bani: tx.amount_bani };
  const payment = findPayment(ctx, paymentId);
  if (!payment) return { status: 'unknown', amount_bani: null };
  return { status: checkoutExpired(ctx, payment.created_at) ? 'expired' : 'pending', amount_bani: null };
}

/**
 * Records the processor's answer for a payment (the customer's button, or a late authorisation) and queues its
 * IPN; then tries the first delivery at once. Resolves with the merchant's HTTP status of that try (0: no answer).
 */
export async function decide(ctx: AppContext, paymentId: string, amountBani: number, status: 'confirmed' | 'declined'): Promise<number> {
  const at = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      `INSERT INTO processor_transactions (payment_id, amount_bani, status, decided_at, ipn_attempts, ipn_next_at) VALUES (?, ?, ?, ?, 0, ?)
       ON CONFLICT (payment_id) DO UPDATE SET status = excluded.status, decided_at = excluded.decided_at, ipn_attempts = 0,
         ipn_next_at = excluded.ipn_next_at, ipn_delivered_at = NULL, ipn_last_result = NULL`,
    )
    .run(paymentId, amountBani, status, at, at);
  return deliverIpn(ctx, paymentId);
}

/** Claims a due IPN (a lease against a concurrent run or process) and sends it once; returns the HTTP status (0: none). */
async function deliverIpn(ctx: AppContext, paymentId: string): Promise<number> {
  const now = ctx.clock.now();
  const claimed = ctx.db
    .prepare(
      `UPDATE processor_transactions SET ipn_attempts = ipn_attempts + 1, ipn_next_at = ?
       WHERE payment_id = ? AND ipn_delivered_at IS NULL AND ipn_next_at IS NOT NULL AND ipn_next_at <= ?
       RETURNING *`,
    )
    .get(new Date(now.getTime() + LEASE_MS).toISOString(), paymentId, now.toISOString()) as ProcessorTransaction | undefined;
  if (!claimed) return 0;
  const secret = ctx.config.paymentSigningSecret;
  const body = JSON.stringify({
    payment_id: claimed.payment_id,
    status: claimed.status,
    amount_bani: claimed.amount_bani,
    signature: ipnSignature(secret, claimed.payment_id, claimed.status, claimed.amount_bani),
  });
  let status = 0;
  let result: string;
  try {
    const res = await fetch(`${ctx.internalUrl()}/api/v1/payments/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    result = `HTTP ${res.status}`;
  } catch (err) {
    result = String((err as Error)?.message ?? err).slice(0, 200);
  }
  const after = ctx.clock.now();
  if (status >= 200 && status < 300) {
    ctx.db
      .prepare('UPDATE processor_transactions SET ipn_delivered_at = ?, ipn_next_at = NULL, ipn_last_result = ? WHERE payment_id = ?')
      .run(after.toISOString(), result, paymentId);
    return status;
  }
  const { ipnRetryScheduleSeconds, ipnMaxAttempts } = ctx.config.payments;
  const next = claimed.ipn_attempts >= ipnMaxAttempts ? null : new Date(after.getTime() + backoffMs(ipnRetryScheduleSeconds, claimed.ipn_attempts)).toISOString();
  ctx.db.prepare('UPDATE processor_transactions SET ipn_next_at = ?, ipn_last_result = ? WHERE payment_id = ?').run(next, result, paymentId);
  if (next) ctx.log.warn({ payment: paymentId, attempt: claimed.ipn_attempts, result, next }, 'IPN not acknowledged; will retry');
  else ctx.log.error({ payment: paymentId, attempts: claimed.ipn_attempts, result }, 'IPN not acknowledged; processor gave up (reconciliation will ask)');
  return status;
}

/**
 * The processor's retry run: every unacknowledged IPN whose next attempt is due. Returns how many were acknowledged.
 * When `signal` aborts (the server stops), the run ends after the IPN in hand; the others stay due.
 */
export async function retryDueIpns(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const due = ctx.db
    .prepare('SELECT payment_id FROM processor_transactions WHERE ipn_delivered_at IS NULL AND ipn_next_at IS NOT NULL AND ipn_next_at <= ? ORDER BY ipn_next_at LIMIT 50')
    .pluck()
    .all(ctx.clock.now().toISOString()) as string[];
  let acknowledged = 0;
  for (const id of due) {
    if (signal?.aborted) break;
    const status = await deliverIpn(ctx, id);
    if (status >= 200 && status < 300) acknowledged += 1;
  }
  return acknowledged;
}
