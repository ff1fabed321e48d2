import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { bucharestDay, addDaysToDay, addMonthsToDay, daysBetween } from '../../../../contract/day';
// The web app's page of each product (one copy with the web app), where `?reinnoire=<token>` opens the renewal.
import { movedTrip, productRoute } from '../../../../contract/renewal';
import { queueMail } from '../../mail/outbox';
import { expiryReminderMail } from '../../mail/templates';
import { productRow } from '../products/service';
import { isVignette, type PolicyRow } from '../policies/service';
import { policyOfRenewalToken, tokenHash } from './tokens';

/** Days before the last day of a policy or vignette on which its reminder is mailed. */
export const REMINDER_THRESHOLDS = [30, 7, 1] as const;

/**
 * The threshold an item is due for, `days` days before its last day: the smallest threshold not below
 * `days` (30 from 30 to 8 days, 7 from 7 to 2, 1 on the day before). A server that was down on a threshold's
 * day catches up with that threshold, late, until the next one is due; never two mails at once.
 */
export function dueThreshold(days: number): number | null {
  if (days < 1) return null;
  const candidates = REMINDER_THRESHOLDS.filter((t) => t >= days);
  return candidates.length ? Math.min(...candidates) : null;
}


interface Candidate extends PolicyRow {
  email: string;
  first_name: string;
  preferences: string | null;
}

/**
 * One pass of the expiry reminder scheduler on today's Bucharest day (the backend's clock). Each
 * (item, threshold) gets one `expiry_reminders` row, written in the same transaction as the queued mail: the
 * unique key makes a second pass, a concurrent one or a pass after a restart send nothing again. Customers who
 * switched service reminders off (`notify_expiry_email: false`) get a row marked `opted_out` and no mail. Items
 * already renewed (a later item of the same product for the same object) are skipped. Returns the mails queued.
 */
export function runExpiryReminders(ctx: AppContext): number {
  const today = bucharestDay(ctx.clock.now());
  const candidates = ctx.db
    .prepare(
      `SELECT p.*, u.email, u.first_name, u.preferences FROM policies p JOIN users u ON u.id = p.user_id
       WHERE u.is_deleted = 0 AND p.ends_on > ? AND p.ends_on <= ?
         AND NOT EXISTS (SELECT 1 FROM policies n WHERE n.user_id = p.user_id AND n.product_code = p.product_code
                         AND n.insured_object = p.insured_object AND n.ends_on > p.ends_on)
       ORDER BY p.id`,
    )
    .all(today, addDaysToDay(today, Math.max(...REMINDER_THRESHOLDS))) as Candidate[];
  let queued = 0;
  const insert = ctx.db.prepare(
    `INSERT OR IGNORE INTO expiry_reminders (policy_id, threshold_days, status, renewal_token_hash, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  for (const c of candidates) {
    const threshold = dueThreshold(daysBetween(today, c.ends_on));
    if (threshold === null) continue;
    ctx.db.transaction(() => {
      const optedOut = (JSON.parse(c.preferences ?? '{}') as { notify_expiry_email?: boolean }).notify_expiry_email === false;
      const token = optedOut ? null : randomBytes(24).toString('base64url');
      const at = ctx.clock.now().toISOString();
      const r = insert.run(c.id, threshold, optedOut ? 'opted_out' : 'sent', token ? tokenHash(token) : null, at);
      if (r.changes === 0 || !token) return;
      const page = productRoute(c.product_code) ?? '/';
      queueMail(ctx, {
        to: c.email,
        ...expiryReminderMail({
          name: c.first_name,
          productName: productRow(ctx, c.product_code)?.name ?? c.product_code,
          isVignette: isVignette(c.product_code),
          number: c.number,
          object: c.insured_object,
          endsOn: c.ends_on,
          daysLeft: daysBetween(today, c.ends_on),
          renewUrl: `${ctx.config.webAppUrl}${page}?reinnoire=${token}`,
          preferencesUrl: `${ctx.config.webAppUrl}/account/preferences`,
        }),
      });
      queued += 1;
    }).immediate();
  }
  return queued;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** What a renewal may prefill: the old input without personal identifiers (the link travels by mail). */
function renewalInput(product: string, input: any, startDate: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(input ?? {}));
  if (product === 'rca' && copy.owner) {
    delete copy.owner.cnp;
    delete copy.owner.cui;
    delete copy.owner.first_name;
    delete copy.owner.last_name;
  }
  if (product === 'rca' && copy.user) delete copy.user;
  // A trip keeps its length (multi-trip: a year from the new start); tires keep their purchase date.
  if (product === 'travel' && typeof copy.start_date === 'string' && typeof copy.end_date === 'string') {
    copy.end_date = copy.trip_type === 'multi'
      ? addDaysToDay(addMonthsToDay(startDate, 12), -1)
      : movedTrip(copy.start_date, copy.end_date, startDate).end_date;
  } else {
    delete copy.end_date;
  }
  delete copy.renewal_of;
  copy.start_date = startDate;
  return copy;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The renewal a reminder's link opens: the product, its page and the old input with the start date set to the
 * day after the old end. The token only reads this; it signs nobody in. Unknown or expired token → null.
 */
export function findRenewal(ctx: AppContext, token: string) {
  const row = policyOfRenewalToken(ctx, token);
  if (!row) return null;
  const startDate = addDaysToDay(row.ends_on, 1);
  return {
    product_code: row.product_code,
    page: productRoute(row.product_code) ?? '/',
    previous_ends_on: row.ends_on,
    start_date: startDate,
    insured_object: row.insured_object,
    input: renewalInput(row.product_code, JSON.parse(row.input), startDate),
  };
}
