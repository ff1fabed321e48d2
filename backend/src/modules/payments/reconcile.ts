import type { AppContext } from '../../context';
import { isBusyError } from '../../db/connection';
import { lookupPayment } from './processor';
import { settlePayment, type PaymentRow } from './service';

/** Payments asked about per run (a real processor's lookup is an HTTP call each). */
const BATCH = 100;

/**
 * Reconciliation (backend/README.md "Payments"): the payments not confirmed here of every order whose last payment
 * started between PAYMENT_RECONCILE_WINDOW_DAYS and PAYMENT_RECONCILE_AFTER_SECONDS ago, whatever the order's
 * state (awaiting payment, failed, paid by another payment, cancelled), are looked up at the processor and settled
 * as an IPN would have (`settlePayment`, one IMMEDIATE transaction, idempotent; with the amount the processor
 * reports, so a charge of another amount is a refund to make, never a payment) when its answer differs from ours:
 * confirmed → paid and the policy, or a refund to make when the order is paid already or cancelled; declined /
 * expired → the payment so, and the order `payment_failed` when nothing is pending. A charge whose IPN never
 * arrived (the processor gave up) is so never lost, even after a later attempt failed.
 *
 * Least recently asked first (`payments.reconciled_at`, NULL first): payments whose answer never changes (still
 * pending at a real processor, declined for good) go to the back and cannot hold back the others.
 * Returns how many payments it settled.
 */
export async function reconcilePayments(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const { reconcileAfterSeconds, reconcileWindowDays } = ctx.config.payments;
  const cutoff = new Date(now.getTime() - reconcileAfterSeconds * 1000).toISOString();
  const since = new Date(now.getTime() - reconcileWindowDays * 86_400_000).toISOString();
  // An order's latest payment is in [since, cutoff] exactly when its latest payment of the window is ≤ cutoff.
  const payments = ctx.db
    .prepare(
      `SELECT p.* FROM payments p
       WHERE p.status <> 'confirmed'
         AND p.order_id IN (SELECT order_id FROM payments WHERE created_at >= ? GROUP BY order_id HAVING MAX(created_at) <= ?)
       ORDER BY p.reconciled_at IS NOT NULL, p.reconciled_at, p.created_at, p.id LIMIT ?`,
    )
    .all(since, cutoff, BATCH) as PaymentRow[];
  const asked = ctx.db.prepare('UPDATE payments SET reconciled_at = ? WHERE id = ?');
  // A mismatched amount leaves the payment as it was: once recorded (by IPN or an earlier run), the same answer is
  // not settled again at every run.
  const mismatchRecorded = ctx.db.prepare(
    "SELECT 1 FROM payment_events WHERE payment_id = ? AND status = ? AND amount_bani = ? AND outcome = 'amount_mismatch' LIMIT 1",
  );
  let settled = 0;
  for (const payment of payments) {
    try {
      const { status: answer, amount_bani: charged } = lookupPayment(ctx, payment.id);
      // The processor's amount, checked as an IPN's is: a charge of another amount never pays the order.
      const amount = charged ?? payment.amount_bani;
      if (answer !== 'pending' && answer !== 'unknown' && answer !== payment.status && !mismatchRecorded.get(payment.id, answer, amount)) {
        const result = settlePayment(ctx, payment.id, answer, amount, 'reconciliation');
        if (result.outcome !== 'duplicate' && result.outcome !== 'ignored') settled += 1;
        ctx.log.info({ order: payment.order_id, payment: payment.id, answer, outcome: result.outcome }, 'payment reconciled');
      }
      asked.run(ctx.clock.now().toISOString(), payment.id);
    } catch (err) {
      // A locked database: the next run carries on where this one stopped.
      if (isBusyError(err)) {
        ctx.log.warn({ err, payment: payment.id }, 'payment reconciliation paused (database busy)');
        break;
      }
      // One payment that cannot be settled does not stop the run; it goes to the back of the queue.
      ctx.log.error({ err, order: payment.order_id, payment: payment.id }, 'payment reconciliation failed');
      asked.run(ctx.clock.now().toISOString(), payment.id);
    }
  }
  return settled;
}
