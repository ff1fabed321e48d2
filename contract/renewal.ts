// Relative import: the reference backend imports this module too.
import { addDaysToDay, daysBetween } from './day';

/**
 * Renewal shortcut: the product page's form prefills from `?renew=<policy id>` (the account) or `?reinnoire=<token>`
 * (an expiry reminder's link, which the reference backend builds from this same table).
 * Product codes of the backend → the shop's product routes.
 */
const PRODUCT_ROUTES: Record<string, string> = {
  rca: '/rca',
  travel: '/travel',
  'house-insurance': '/house',
  house: '/house',
  tire: '/tire',
  'michelin-tiresecureplus': '/michelin-tiresecureplus',
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
 * The latest start day a policy may have: `maxDaysAhead` days ahead, or for a renewal the day after the old policy
 * ends when that is later (a renewal bought at most 30 days before the end). Null: too early to renew.
 * RCA and house insurance (30 days ahead) and tires (no start chosen outside renewals: 1 day ahead) use it.
 */
export function latestStartDay(today: string, renewedEndsOn: string | null, maxDaysAhead = 30): string | null {
  const usual = addDaysToDay(today, maxDaysAhead);
  if (!renewedEndsOn) return usual;
  if (daysBetween(today, renewedEndsOn) > RENEWAL_MAX_DAYS_BEFORE_END) return null;
  const start = renewalStartDay(renewedEndsOn, today);
  return start > usual ? start : usual;
}

/**
 * A trip's renewal keeps its length: the old trip's dates moved so that it starts on `start` (the renewal's
 * first day). `oldStart`/`oldEnd` are the old trip's first and last day.
 */
export function movedTrip(oldStart: string, oldEnd: string, start: string): { start_date: string; end_date: string } {
  return { start_date: start, end_date: addDaysToDay(start, daysBetween(oldStart, oldEnd)) };
}

/** What the product forms hold about the policy they renew (empty strings when they renew nothing). */
export type RenewalFormFields = {
  /** `?renew=<policy id>`: the signed-in customer's own policy. */
  renewal_of: string;
  /** `?reinnoire=<token>`: the link of an expiry reminder mail (no sign-in). */
  renewal_token: string;
  /** The renewed policy's last day, which sets the renewal's start. */
  renewal_ends_on: string;
};

export const NO_RENEWAL: RenewalFormFields = { renewal_of: '', renewal_token: '', renewal_ends_on: '' };

/** The renewed policy's last day when the form renews one, else null. */
export function renewedEndsOn(values: Partial<RenewalFormFields>): string | null {
  const named = /^\d{1,12}$/.test(values.renewal_of ?? '') || /^[A-Za-z0-9_-]{20,64}$/.test(values.renewal_token ?? '');
  return named && /^\d{4}-\d{2}-\d{2}$/.test(values.renewal_ends_on ?? '') ? values.renewal_ends_on! : null;
}

/** What a quote input carries to name the renewed policy (the backend checks it): `renewal_of` or `renewal_token`. */
export function renewalRefs(values: Partial<RenewalFormFields>): { renewal_of?: number; renewal_token?: string } {
  if (!renewedEndsOn(values)) return {};
  if (/^\d{1,12}$/.test(values.renewal_of ?? '')) return { renewal_of: Number(values.renewal_of) };
  return { renewal_token: values.renewal_token };
}

/** Whether a stored draft belongs to the renewal the page opens (else the page's renewal replaces it). */
export function sameRenewal(a: Partial<RenewalFormFields>, b: Partial<RenewalFormFields>): boolean {
  return (a.renewal_of ?? '') === (b.renewal_of ?? '') && (a.renewal_token ?? '') === (b.renewal_token ?? '');
}
