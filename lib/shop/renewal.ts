import { backendFetch } from '@/lib/api/server';
import { movedTrip, renewalStartDay } from '@/contract/renewal';
import { toBucharestDay } from '@/lib/time';
import { addDaysToDay, isValidDay } from '@/contract/day';
import { multiTripEnd } from '@/contract/products/travel-values';

/** Dates of an old policy never carry over to its renewal. */
const DROPPED = new Set(['start_date', 'end_date', 'purchase_date', 'renewal_of', 'renewal_token']);

/** A policy's quote input as form values: numbers as typed text, nulls as empty, old dates dropped. */
export function formValuesFromInput(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(formValuesFromInput);
  if (input === null || input === undefined) return '';
  if (typeof input === 'number') return String(input);
  if (typeof input !== 'object') return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (DROPPED.has(key)) continue;
    out[key] = formValuesFromInput(value);
  }
  return out;
}

/** What a product page renews: the old policy's last day and quote input, and how the renewal names it. */
export type Renewal = {
  product_code: string;
  ends_on: string;
  input: Record<string, unknown>;
  ref: { renewal_of: string } | { renewal_token: string };
};

type PolicyAnswer = { id: number; product_code: string; ends_on: string; input: Record<string, unknown> };
type RenewalAnswer = { product_code: string; previous_ends_on: string; input: Record<string, unknown> };

/** Server only: one of the customer's policies to renew (`?renew=<id>`), or null (not theirs, another product). */
async function loadRenewedPolicy(renew: string | undefined, productCode: string): Promise<Renewal | null> {
  if (!renew || !/^\d{1,12}$/.test(renew)) return null;
  try {
    const policy = await backendFetch<PolicyAnswer>(`/api/v1/policies/${renew}`);
    if (policy.product_code !== productCode || !policy.input) return null;
    return { product_code: policy.product_code, ends_on: policy.ends_on, input: policy.input, ref: { renewal_of: String(policy.id) } };
  } catch {
    return null;
  }
}

/**
 * Server only: the renewal an expiry reminder's link opens (`?reinnoire=<token>`, backend `GET /api/v1/renewals/{token}`),
 * read without the session: the token signs nobody in. Null for an unknown, expired or malformed token, or a token
 * of another product than the page's.
 */
async function loadReminderRenewal(token: string, productCode: string): Promise<Renewal | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  try {
    const renewal = await backendFetch<RenewalAnswer>(`/api/v1/renewals/${token}`, { token: null });
    if (renewal.product_code !== productCode || !isValidDay(renewal.previous_ends_on)) return null;
    return { product_code: renewal.product_code, ends_on: renewal.previous_ends_on, input: renewal.input ?? {}, ref: { renewal_token: token } };
  } catch {
    return null;
  }
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The form values of a renewal: the old policy's data, starting the day after it ends (tomorrow when it has ended),
 * in Europe/Bucharest days, with the renewed policy named (`renewal_of` or `renewal_token`) so that the start may lie
 * beyond the product's usual window (DOMAIN.md: a renewal at most 30 days before the old policy ends).
 * A trip keeps its length; tires keep their purchase date (the same tires, covered again).
 */
export function renewalFormValues(renewal: Renewal, today: string): Record<string, unknown> {
  const start = renewalStartDay(renewal.ends_on, today);
  const values: Record<string, unknown> = {
    ...(formValuesFromInput(renewal.input) as Record<string, unknown>),
    start_date: start,
    renewal_of: '',
    renewal_token: '',
    ...renewal.ref,
    renewal_ends_on: renewal.ends_on,
  };
  const oldStart = String(renewal.input.start_date ?? '');
  const oldEnd = String(renewal.input.end_date ?? '');
  if (renewal.product_code === 'travel') {
    if (renewal.input.trip_type === 'multi') values.end_date = multiTripEnd(start);
    else if (isValidDay(oldStart) && isValidDay(oldEnd) && oldEnd >= oldStart) values.end_date = movedTrip(oldStart, oldEnd, start).end_date;
  }
  if (typeof renewal.input.purchase_date === 'string') values.purchase_date = renewal.input.purchase_date;
  return values;
}

/** What the page tells about the renewal it opened, or about a reminder link that no longer works. */
export type RenewalNotice = { kind: 'renewal'; endsOn: string; startsOn: string } | { kind: 'invalid-link' };

/**
 * Server only. The renewal a product page opens: `?renew=<policy id>` (the signed-in customer's own policy, from the
 * account) or `?reinnoire=<token>` (an expiry reminder's link, no sign-in). One call per page:
 *   const { values, notice } = await loadRenewal(await searchParams, 'house-insurance');
 * `values` prefill the form (null: the normal empty form); `notice` says what the page shows above it.
 */
export async function loadRenewal(
  searchParams: { renew?: string | string[]; reinnoire?: string | string[] },
  productCode: string,
): Promise<{ values: Record<string, unknown> | null; notice: RenewalNotice | null }> {
  const token = first(searchParams.reinnoire);
  const renewal = token !== undefined ? await loadReminderRenewal(token, productCode) : await loadRenewedPolicy(first(searchParams.renew), productCode);
  if (!renewal) return { values: null, notice: token !== undefined ? { kind: 'invalid-link' } : null };
  const values = renewalFormValues(renewal, toBucharestDay(new Date()));
  return { values, notice: { kind: 'renewal', endsOn: renewal.ends_on, startsOn: String(values.start_date) } };
}

/**
 * Server only. A vignette's renewal (`?renew=<id>` from the account, `?reinnoire=<token>` from a reminder): the new
 * vignette starts the day after the old one ends, but a vignette is sold at most `maxDaysAhead` days before its start
 * (the tariff's window), so a later start is brought back to the window's last day.
 */
export async function loadVignetteRenewal(
  searchParams: { renew?: string | string[]; reinnoire?: string | string[] },
  productCode: 'ro-vignette' | 'hu-vignette',
  maxDaysAhead: number,
): Promise<{ values: Record<string, unknown> | null; notice: RenewalNotice | null }> {
  const renewal = await loadRenewal(searchParams, productCode);
  if (!renewal.values) return renewal;
  const latest = addDaysToDay(toBucharestDay(new Date()), maxDaysAhead);
  const start = String(renewal.values.start_date) > latest ? latest : String(renewal.values.start_date);
  return {
    values: { ...renewal.values, start_date: start },
    notice: renewal.notice?.kind === 'renewal' ? { ...renewal.notice, startsOn: start } : renewal.notice,
  };
}
