import { daysBetween } from '@/contract/day';

/**
 * Policy state in the account (DOMAIN.md "Account features"): active, expiring (ends within 30 days) or expired,
 * computed on calendar days in Europe/Bucharest so that it never flips at midnight UTC. `today` is that day
 * (`YYYY-MM-DD`), which the server works out (lib/time `toBucharestDay`): this module needs no time-zone data,
 * so the account page does not set up the browser's Intl time zones while it hydrates.
 */
export const EXPIRING_WINDOW_DAYS = 30;

export type PolicyState = 'active' | 'expiring' | 'expired' | 'upcoming';

export type PolicyDates = { starts_on: string; ends_on: string };

/**
 * A policy covers `starts_on` … `ends_on` inclusive. `upcoming` when it has not started yet
 * (shown with the active ones).
 */
export function policyState(policy: PolicyDates, today: string): PolicyState {
  if (policy.ends_on < today) return 'expired';
  if (daysBetween(today, policy.ends_on) <= EXPIRING_WINDOW_DAYS) return 'expiring';
  if (policy.starts_on > today) return 'upcoming';
  return 'active';
}

export type PolicyGroups<P> = { active: P[]; expiring: P[]; expired: P[] };

/**
 * Groups policies for the account page. Expiring first by soonest end, active by soonest end,
 * expired by most recent end.
 */
export function groupPolicies<P extends PolicyDates>(policies: readonly P[], today: string): PolicyGroups<P> {
  const groups: PolicyGroups<P> = { active: [], expiring: [], expired: [] };
  for (const p of policies) {
    const state = policyState(p, today);
    groups[state === 'upcoming' ? 'active' : state].push(p);
  }
  groups.expiring.sort((a, b) => a.ends_on.localeCompare(b.ends_on));
  groups.active.sort((a, b) => a.ends_on.localeCompare(b.ends_on));
  groups.expired.sort((a, b) => b.ends_on.localeCompare(a.ends_on));
  return groups;
}

/** "Expiră azi", "Expiră mâine", "Expiră în 12 zile", "A expirat acum 3 zile". */
export function expiryLabel(endsOn: string, today: string): string {
  const days = daysBetween(today, endsOn);
  if (days === 0) return 'Expiră azi';
  if (days === 1) return 'Expiră mâine';
  if (days > 1) return `Expiră în ${days} ${days < 20 ? 'zile' : 'de zile'}`;
  if (days === -1) return 'A expirat ieri';
  const ago = -days;
  return `A expirat acum ${ago} ${ago < 20 ? 'zile' : 'de zile'}`;
}

type Renewable = PolicyDates & { id: number; product_code: string; insured_object: string };

/**
 * The "expires soon" banner of the account (issue 18): policies and vignettes ending within 30 days (today
 * included) that were not renewed yet, soonest first. Renewed = a later policy of the same product for the same
 * plate, trip, home or tires, the backend's reminder rule.
 */
export function expiringUnrenewed<P extends Renewable>(policies: readonly P[], today: string): P[] {
  return policies
    .filter((p) => p.ends_on >= today && daysBetween(today, p.ends_on) <= EXPIRING_WINDOW_DAYS)
    .filter((p) => !policies.some((n) => n.id !== p.id && n.product_code === p.product_code && n.insured_object === p.insured_object && n.ends_on > p.ends_on))
    .sort((a, b) => a.ends_on.localeCompare(b.ends_on) || a.id - b.id);
}
