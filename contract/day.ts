/**
 * Calendar days as `YYYY-MM-DD` strings: pure arithmetic, no time zone. The one copy (the API contract's): the
 * forms, the account pages and the reference backend (quotes, policies, reminders, seed) all use it. Unlike
 * lib/time/index.ts this module does not load date-fns-tz (which runs a time-zone-aware Intl call as it loads), so code that runs
 * while a page loads can import it.
 */

const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` day, in ms: calendar arithmetic on it is exact (UTC has no clock changes). */
function utcMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/** Adds whole calendar days to a `YYYY-MM-DD` day (DST-safe: pure calendar arithmetic). */
export function addDaysToDay(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (31 January + 1 month = 28/29 February). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Age in whole years on `day` of someone born on `birthDate` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

/** Days from `a` to `b` (both `YYYY-MM-DD`): negative when `b` comes first. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 30 February). */
export function isValidDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

let bucharestDate: Intl.DateTimeFormat | null = null;

/**
 * The calendar day (`YYYY-MM-DD`) in Europe/Bucharest at an instant: the backend's "today" and the web app's.
 * The time-zone-aware formatter is made on the first call, not as the module loads (see above).
 */
export function bucharestDay(at: Date): string {
  bucharestDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' });
  return bucharestDate.format(at);
}

/** A calendar day in Bucharest and the instant (ms since the epoch) the next one begins there. */
export type BucharestDay = { day: string; nextDayAt: number };
