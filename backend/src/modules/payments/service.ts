import type { AppContext } from '../../context';
import { orderNumber } from '../../db/seed';
import { queueMail } from '../../mail/outbox';
import { policyIssuedMail, vignetteIssuedMail } from '../../mail/templates';
import { findOrder, serializeOrder, type OrderRow } from '../orders/service';
import { issueInvoice } from '../invoices/service';
import { issuePolicy, serializePolicy } from '../policies/service';

/**
 * Settling payments from what the processor says (backend/README.md "Payments"): the signed IPN and the
 * reconciliation job both land here. Every answer is recorded in `payment_events`; a charge is never refused:
 * it pays an order that is not paid yet (the policy is issued once), or becomes a refund to make.
 */

export type PaymentStatus = 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'expired';
export type ProcessorStatus = 'confirmed' | 'declined' | 'expired';
export type Outcome = 'paid' | 'refund_due' | 'declined' | 'expired' | 'duplicate' | 'ignored' | 'unknown_payment' | 'amount_mismatch';

export interface PaymentRow {
  id: string;
  order_id: number;
  amount_bani: number;
  status: PaymentStatus;
  return_url: string;
  created_at: string;
  updated_at: string;
}

export interface Settlement {
  payment_id: string;
  status: ProcessorStatus;
  outcome: Outcome;
  payment_status: PaymentStatus | null;
  order_status: OrderRow['status'] | null;
  already_processed: boolean;
}

export const findPayment = (ctx: AppContext, id: string) => ctx.db.prepare('SELECT * FROM payments WHERE id = ?').get(id) as PaymentRow | undefined;

function recordEvent(ctx: AppContext, e: { payment_id: string; order_id: number | null; status: string; amount_bani: number; source: string; outcome: Outcome }) {
  ctx.db
    .prepare('INSERT INTO payment_events (payment_id, order_id, status, amount_bani, source, outcome, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(e.payment_id, e.order_id, e.status, e.amount_bani, e.source, e.outcome, ctx.clock.now().toISOString());
}

function refundDue(ctx: AppContext, paymentId: string, orderId: number | null, amountBani: number, reason: string) {
  ctx.db
    .prepare('INSERT INTO refunds (payment_id, order_id, amount_bani, reason, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (payment_id) DO NOTHING')
    .run(paymentId, orderId, amountBani, reason, ctx.clock.now().toISOString());
}

/**
 * Pays the order: status, policy (once: policies.order_id is unique), invoice (once: invoices.order_id is unique,
 * numbered in this transaction), realtime events and the policy mail with both documents.
 */
function payOrder(ctx: AppContext, order: OrderRow, paymentId: string, at: string) {
  ctx.db.prepare("UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ?").run(at, at, order.id);
  const policy = issuePolicy(ctx, findOrder(ctx, order.id)!);
  ctx.db.prepare('UPDATE orders SET policy_id = ? WHERE id = ?').run(policy.id, order.id);
  const invoice = issueInvoice(ctx.db, findOrder(ctx, order.id)!, paymentId, at);
  const serialized = serializePolicy(ctx, policy);
  ctx.realtime.publish(`private-user.${order.user_id}`, 'policy.issued', serialized);
  const customer = JSON.parse(order.customer) as { first_name: string; email: string };
  queueMail(ctx, {
    to: customer.email,
    ...(serialized.is_vignette
      ? vignetteIssuedMail(customer.first_name, policy.number, serialized.product_name, String(serialized.input.registration_plate), policy.starts_on, policy.ends_on, invoice.number)
      : policyIssuedMail(customer.first_name, policy.number, serialized.product_name, invoice.number)),
    attachments: [{ kind: 'policy_pdf', policy_id: policy.id }, { kind: 'invoice_pdf', order_id: order.id }],
  });
}

/**
 * Applies what the processor says about a payment, inside one IMMEDIATE transaction (it re-reads the payment
 * and the order, so concurrent notifications of the same payment apply once). `amountBani` is what the
 * processor reports; `source` is `ipn` or `reconciliation`.
 */
export function settlePayment(ctx: AppContext, paymentId: string, status: ProcessorStatus, amountBani: number, source: 'ipn' | 'reconciliation'): Settlement {
  return ctx.db
    .transaction((): Settlement => {
      const at = ctx.clock.now().toISOString();
      const payment = findPayment(ctx, paymentId);
      const answer = (outcome: Outcome, p: PaymentRow | undefined, order: OrderRow | undefined): Settlement => {
        recordEvent(ctx, { payment_id: paymentId, order_id: p?.order_id ?? null, status, amount_bani: amountBani, source, outcome });
        return { payment_id: paymentId, status, outcome, payment_status: p?.status ?? null, order_status: order?.status ?? null, already_processed: outcome === 'duplicate' };
      };
      if (!payment) {
        if (status === 'confirmed') refundDue(ctx, paymentId, null, amountBani, 'unknown_payment');
        return answer('unknown_payment', undefined, undefined);
      }
      const order = findOrder(ctx, payment.order_id)!;
      if (payment.amount_bani !== amountBani) {
        if (status === 'confirmed') refundDue(ctx, payment.id, order.id, amountBani, 'amount_mismatch');
        return answer('amount_mismatch', payment, order);
      }
      if (payment.status === status) return answer('duplicate', payment, order);
      const channel = `private-user.${order.user_id}`;
      let outcome: Outcome;
      if (status === 'confirmed') {
        // The processor holds the money: whatever the payment's state was here (pending, declined, cancelled
        // by a newer attempt, expired), it is confirmed.
        ctx.db.prepare("UPDATE payments SET status = 'confirmed', updated_at = ? WHERE id = ?").run(at, payment.id);
        if (order.status === 'paid' || order.status === 'cancelled') {
          refundDue(ctx, payment.id, order.id, amountBani, order.status === 'paid' ? 'order_already_paid' : 'order_cancelled');
          outcome = 'refund_due';
        } else {
          payOrder(ctx, order, payment.id, at);
          outcome = 'paid';
        }
      } else if (payment.status === 'confirmed') {
        // A decline or an expiry after a confirmation does not undo a charge.
        return answer('ignored', payment, order);
      } else {
        ctx.db.prepare('UPDATE payments SET status = ?, updated_at = ? WHERE id = ?').run(status, at, payment.id);
        const otherPending = ctx.db.prepare("SELECT 1 FROM payments WHERE order_id = ? AND status = 'pending' AND id <> ?").get(order.id, payment.id);
        if (order.status === 'awaiting_payment' && !otherPending) {
          ctx.db.prepare("UPDATE orders SET status = 'payment_failed', updated_at = ? WHERE id = ?").run(at, order.id);
        }
        outcome = status;
      }
      const fresh = findOrder(ctx, order.id)!;
      ctx.realtime.publish(channel, 'payment.updated', { payment_id: payment.id, order_id: order.id, status });
      if (fresh.status !== order.status) ctx.realtime.publish(channel, 'order.updated', serializeOrder(ctx, fresh));
      return answer(outcome, findPayment(ctx, payment.id), fresh);
    })
    .immediate();
}

export interface RefundRow {
  id: number;
  payment_id: string;
  order_id: number | null;
  amount_bani: number;
  reason: string;
  status: 'due' | 'refunded';
  created_at: string;
  refunded_at: string | null;
}

export function serializeRefund(ctx: AppContext, r: RefundRow) {
  const order = r.order_id ? findOrder(ctx, r.order_id) : undefined;
  return {
    id: r.id,
    payment_id: r.payment_id,
    order_id: r.order_id,
    order_number: order ? orderNumber(order.id, order.created_at) : null,
    customer_email: order ? (JSON.parse(order.customer) as { email: string }).email : null,
    amount_bani: r.amount_bani,
    reason: r.reason,
    status: r.status,
    created_at: r.created_at,
    refunded_at: r.refunded_at,
  };
}

export function listRefunds(ctx: AppContext, status: 'due' | 'refunded' | 'all') {
  const rows = (status === 'all'
    ? ctx.db.prepare('SELECT * FROM refunds ORDER BY id DESC').all()
    : ctx.db.prepare('SELECT * FROM refunds WHERE status = ? ORDER BY id DESC').all(status)) as RefundRow[];
  return rows.map((r) => serializeRefund(ctx, r));
}

/** Operations mark a refund made (idempotent). */
export function markRefunded(ctx: AppContext, id: number) {
  const at = ctx.clock.now().toISOString();
  ctx.db.prepare("UPDATE refunds SET status = 'refunded', refunded_at = COALESCE(refunded_at, ?) WHERE id = ?").run(at, id);
  const row = ctx.db.prepare('SELECT * FROM refunds WHERE id = ?').get(id) as RefundRow | undefined;
  return row ? serializeRefund(ctx, row) : null;
}
