import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { bucharestDay, addDaysToDay } from '../../../../contract/day';

/** A renewal link works until this many days after the end of the item it renews. */
export const RENEWAL_LINK_DAYS_AFTER_END = 30;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RenewalTokenPolicy {
  id: number;
  user_id: number;
  product_code: string;
  ends_on: string;
  input: string;
  insured_object: string;
}

/**
 * The policy (or vignette) a reminder's renewal token names, while the link works (until 30 days after its end);
 * null for an unknown or expired token, or one of a deleted account (its data is served to no one). The token is only
 * stored as its SHA-256 hash.
 */
export function policyOfRenewalToken(ctx: AppContext, token: string): RenewalTokenPolicy | null {
  const row = ctx.db
    .prepare(
      `SELECT p.id, p.user_id, p.product_code, p.ends_on, p.input, p.insured_object FROM expiry_reminders r
       JOIN policies p ON p.id = r.policy_id JOIN users u ON u.id = p.user_id
       WHERE r.renewal_token_hash = ? AND u.is_deleted = 0`,
    )
    .get(tokenHash(token)) as RenewalTokenPolicy | undefined;
  if (!row) return null;
  if (bucharestDay(ctx.clock.now()) > addDaysToDay(row.ends_on, RENEWAL_LINK_DAYS_AFTER_END)) return null;
  return row;
}
