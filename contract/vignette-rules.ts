/**
 * Road vignette rules shared by the forms, the account pages and the reference backend. The figures
 * (categories, validities, tariffs, exchange rates) are data from the products service; these functions
 * only interpret them. Pure calendar-day arithmetic: no time zone, no Intl, safe to load with a page.
 */

import { addDaysToDay, addMonthsToDay, daysBetween } from './day';

/** How long a validity lasts: a number of days, of months, or the Hungarian calendar year (to 31 January next year). */
export type VignetteValidity = {
  code: string;
  label: string;
  days?: number;
  months?: number;
  /** Hungarian annual passes: valid in the start date's year and until 31 January of the next. */
  calendar_year?: boolean;
  /** Hungarian county passes: the customer chooses one or more counties, each priced. */
  per_county?: boolean;
};

export type VignetteCategory = {
  code: string;
  label: string;
  description: string;
  /** validity code → price in the tariff's currency (absent: the validity is not sold for the category). */
  prices: Record<string, number>;
};

export type VignetteTariff = {
  currency: 'EUR' | 'HUF';
  validities: VignetteValidity[];
  categories: VignetteCategory[];
  /** Hungarian county passes: county code → name. */
  counties?: { code: string; label: string }[];
  start_date: { min_days_ahead: number; max_days_ahead: number };
};

/** The validities the tariff sells for a category, in the tariff's order. */
export function validitiesFor(tariff: Pick<VignetteTariff, 'validities' | 'categories'>, categoryCode: string): VignetteValidity[] {
  const category = tariff.categories.find((c) => c.code === categoryCode);
  if (!category) return [];
  return tariff.validities.filter((v) => category.prices[v.code] !== undefined);
}

/** The last day a vignette starting on `start` is valid (inclusive). */
export function validityEnd(start: string, validity: VignetteValidity): string {
  if (validity.calendar_year) return `${Number(start.slice(0, 4)) + 1}-01-31`;
  if (validity.months) return addDaysToDay(addMonthsToDay(start, validity.months), -1);
  return addDaysToDay(start, Math.max(1, validity.days ?? 1) - 1);
}

/** The start dates a vignette bought today may have: today (Bucharest) + min … today + max days. */
export function startDateWindow(today: string, window: VignetteTariff['start_date']): { min: string; max: string } {
  return { min: addDaysToDay(today, window.min_days_ahead), max: addDaysToDay(today, window.max_days_ahead) };
}

export function isStartDateAllowed(start: string, today: string, window: VignetteTariff['start_date']): boolean {
  const { min, max } = startDateWindow(today, window);
  return start >= min && start <= max;
}

/** A price in a foreign currency charged in lei: bani (lei × 100), rounded to the nearest ban. */
export function toLeiBani(amount: number, leiPerUnit: number): number {
  return Math.round(amount * leiPerUnit * 100);
}

/** The price of one vignette in the tariff's currency (county passes: the sum over the counties chosen). */
export function vignettePrice(category: VignetteCategory, validity: VignetteValidity, counties: string[] = []): number | null {
  const unit = category.prices[validity.code];
  if (unit === undefined) return null;
  const total = validity.per_county ? unit * counties.length : unit;
  return Math.round(total * 100) / 100;
}

export type ValidityState =
  | { kind: 'upcoming'; days: number }
  | { kind: 'valid'; days: number }
  | { kind: 'expiring'; days: number }
  | { kind: 'expired'; days: number };

/** Days before the end from which a vignette or policy counts as expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * Where an item valid from `startsOn` to `endsOn` (inclusive) stands on `today`: not started yet, valid,
 * expiring (at most 30 days left; `days` = days until the last day, 0 on the last day) or expired.
 */
export function validityState(startsOn: string, endsOn: string, today: string, expiringWithin = EXPIRING_WITHIN_DAYS): ValidityState {
  if (endsOn < today) return { kind: 'expired', days: daysBetween(endsOn, today) };
  if (startsOn > today) return { kind: 'upcoming', days: daysBetween(today, startsOn) };
  const left = daysBetween(today, endsOn);
  return left <= expiringWithin ? { kind: 'expiring', days: left } : { kind: 'valid', days: left };
}

/** Romanian label of a validity state: „valabilă”, „expiră în 3 zile”, „expiră azi”, „expirată”. */
export function validityStateLabel(state: ValidityState): string {
  switch (state.kind) {
    case 'expired':
      return 'expirată';
    case 'upcoming':
      return state.days === 1 ? 'începe mâine' : `începe în ${state.days} zile`;
    case 'expiring':
      if (state.days === 0) return 'expiră azi';
      if (state.days === 1) return 'expiră mâine';
      return `expiră în ${state.days} ${state.days < 20 ? 'zile' : 'de zile'}`;
    default:
      return 'valabilă';
  }
}
