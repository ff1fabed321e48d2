import type { AppContext } from '../../context';
import { lookupPayment } from './processor';
import { settlePayment, type PaymentRow } from './service';

/**
 * Reconciliation (backend/README.md "Payments"): orders still awaiting payment PAYMENT_RECONCILE_AFTER_SECONDS
 * after their last payment started are looked up at the processor, payment by payment (the current one and the
 * ones a newer attempt cancelled), and settled as an IPN would have: confirmed → paid and the policy (or a refund
 * to make), declined / expired → the payment so, and the order `payment_failed` when nothing is pending.
 * Returns how many payments it settled.
 */
export async function reconcilePayments(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.payments.reconcileAfterSeconds * 1000).toISOString();
  const orders = ctx.db
    .prepare(
      `SELECT o.id FROM orders o JOIN payments p ON p.order_id = o.id
       WHERE o.status = 'awaiting_payment' GROUP BY o.id HAVING MAX(p.created_at) <= ? ORDER BY o.id LIMIT 100`,
    )
    .pluck()
    .all(cutoff) as number[];
  let settled = 0;
  for (const orderId of orders) {
    const payments = ctx.db
      .prepare("SELECT * FROM payments WHERE order_id = ? AND status IN ('pending', 'cancelled') ORDER BY created_at, id")
      .all(orderId) as PaymentRow[];
    for (const payment of payments) {
      const answer = lookupPayment(ctx, payment.id);
      if (answer === 'pending' || answer === 'unknown') continue;
      const result = settlePayment(ctx, payment.id, answer, payment.amount_bani, 'reconciliation');
      if (result.outcome !== 'duplicate' && result.outcome !== 'ignored') settled += 1;
      ctx.log.info({ order: orderId, payment: payment.id, answer, outcome: result.outcome }, 'payment reconciled');
    }
  }
  return settled;
}
