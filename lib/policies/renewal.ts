// Relative import: the reference backend imports this module too.
import { addDaysToDay, daysBetween } from '../time/day';

/**
 * Renewal shortcut: the product page's form prefills from `?renew=<policy id>`.
 * Product codes of the backend → the shop's product routes.
 */
const PRODUCT_ROUTES: Record<string, string> = {
  rca: '/rca',
  travel: '/travel',
  'house-insurance': '/house',
  house: '/house',
  tire: '/tire',
  'michelin-tiresecureplus': '/tire',
  'ro-vignette': '/rovinieta',
  'hu-vignette': '/vigneta-ungaria',
};

export function productRoute(productCode: string): string | null {
  return PRODUCT_ROUTES[productCode] ?? null;
}

/** `/rca?renew=12`, or null for a product that cannot be bought here. */
export function renewalHref(policy: { id: number; product_code: string }): string | null {
  const route = productRoute(policy.product_code);
  return route ? `${route}?renew=${encodeURIComponent(String(policy.id))}` : null;
}

/** DOMAIN.md: an RCA renewal may be bought at most 30 days before the old policy ends. */
export const RENEWAL_MAX_DAYS_BEFORE_END = 30;

/**
 * The first day of a renewal (`YYYY-MM-DD`, Europe/Bucharest days): the day after the old policy ends, or
 * tomorrow when it has already ended (or ends today).
 */
export function renewalStartDay(oldEndsOn: string, today: string): string {
  const dayAfterEnd = addDaysToDay(oldEndsOn, 1);
  const tomorrow = addDaysToDay(today, 1);
  return dayAfterEnd > tomorrow ? dayAfterEnd : tomorrow;
}

/**
 * The latest start day an RCA policy may have: 30 days ahead, or for a renewal the day after the old policy ends
 * when that is later (a renewal bought at most 30 days before the end). Null: too early to renew.
 */
export function rcaLatestStartDay(today: string, renewedEndsOn: string | null, maxDaysAhead = 30): string | null {
  const usual = addDaysToDay(today, maxDaysAhead);
  if (!renewedEndsOn) return usual;
  if (daysBetween(today, renewedEndsOn) > RENEWAL_MAX_DAYS_BEFORE_END) return null;
  const start = renewalStartDay(renewedEndsOn, today);
  return start > usual ? start : usual;
}
