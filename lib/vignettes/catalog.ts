/**
 * The road vignettes in the web shop: their product codes and pages, and the tariff the products service sends
 * in the product's `options` (backend README "Quote inputs", `ro-vignette` / `hu-vignette`). The figures are
 * always the product's data; this module only reads and prints them. No zod, no time zones: it loads with the
 * product pages and the account.
 */
import type { Product } from '@/contract/types';
import { formatDay } from '@/contract/format-day';
import type { VignetteCategory, VignetteTariff, VignetteValidity } from '@/contract/vignette-rules';

export type VignetteProductCode = 'ro-vignette' | 'hu-vignette';

/** The shop's page of each vignette (the backend's expiry reminders link to the same paths). */
export const VIGNETTE_PAGES: Record<VignetteProductCode, string> = {
  'ro-vignette': '/rovinieta',
  'hu-vignette': '/vigneta-ungaria',
};

export function isVignetteProduct(code: string | null | undefined): code is VignetteProductCode {
  return code === 'ro-vignette' || code === 'hu-vignette';
}

export type VignetteOption = { value: string; label: string };

/** A vignette product's tariff as the form uses it: categories, validities, counties, countries, start window. */
export type VignetteOptions = VignetteTariff & {
  countries: VignetteOption[];
  issuer: { code: string; name: string } | null;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

function readValidity(v: unknown): VignetteValidity | null {
  if (!isObject(v) || !isText(v.code) || !isText(v.label)) return null;
  return {
    code: v.code,
    label: v.label,
    ...(typeof v.days === 'number' ? { days: v.days } : {}),
    ...(typeof v.months === 'number' ? { months: v.months } : {}),
    ...(v.calendar_year === true ? { calendar_year: true } : {}),
    ...(v.per_county === true ? { per_county: true } : {}),
  };
}

function readCategory(c: unknown): VignetteCategory | null {
  if (!isObject(c) || !isText(c.code) || !isText(c.label) || !isObject(c.prices)) return null;
  const prices: Record<string, number> = {};
  for (const [code, price] of Object.entries(c.prices)) if (typeof price === 'number' && Number.isFinite(price)) prices[code] = price;
  return { code: c.code, label: c.label, description: typeof c.description === 'string' ? c.description : '', prices };
}

const readPairs = (list: unknown, key: 'value' | 'code'): VignetteOption[] =>
  Array.isArray(list)
    ? list.flatMap((item) => (isObject(item) && isText(item[key]) && isText(item.label) ? [{ value: item[key], label: item.label }] : []))
    : [];

/**
 * The tariff of a vignette product's `options`, or null when the product is missing or its options are not a
 * tariff (the page then says it cannot sell the vignette now rather than show a form without choices).
 */
export function vignetteOptions(product: Pick<Product, 'options'> | null | undefined): VignetteOptions | null {
  const o = product?.options;
  if (!isObject(o) || (o.currency !== 'EUR' && o.currency !== 'HUF')) return null;
  const validities = Array.isArray(o.validities) ? o.validities.map(readValidity).filter((v): v is VignetteValidity => v !== null) : [];
  const categories = Array.isArray(o.categories) ? o.categories.map(readCategory).filter((c): c is VignetteCategory => c !== null) : [];
  const start = isObject(o.start_date) ? o.start_date : {};
  const countries = readPairs(o.countries, 'value');
  if (validities.length === 0 || categories.length === 0 || countries.length === 0) return null;
  if (typeof start.min_days_ahead !== 'number' || typeof start.max_days_ahead !== 'number') return null;
  return {
    currency: o.currency,
    validities,
    categories,
    counties: readPairs(o.counties, 'code').map(({ value, label }) => ({ code: value, label })),
    countries,
    start_date: { min_days_ahead: start.min_days_ahead, max_days_ahead: start.max_days_ahead },
    issuer: isObject(o.issuer) && isText(o.issuer.code) && isText(o.issuer.name) ? { code: o.issuer.code, name: o.issuer.name } : null,
  };
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A tariff price in its own currency, Romanian style: `9,50 EUR`, `13.320 HUF` (forint without decimals). */
export function formatListPrice(amount: number, currency: string): string {
  const decimals = currency === 'HUF' ? 0 : 2;
  const [whole, fraction] = Math.abs(amount).toFixed(decimals).split('.');
  return `${amount < 0 ? '-' : ''}${groupThousands(whole)}${fraction ? `,${fraction}` : ''} ${currency}`;
}

/** An exchange rate as printed on the offer: `5,089 lei/EUR`. */
export function formatExchangeRate(leiPerUnit: number, currency: string): string {
  return `${String(leiPerUnit).replace('.', ',')} lei/${currency}`;
}

/** The rate's month (`2026-03`) as `martie 2026`. */
export function formatRateMonth(month: string): string {
  return formatDay(`${month}-01`).replace(/^1 /, '');
}
