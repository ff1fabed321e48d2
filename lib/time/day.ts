/**
 * Calendar days as `YYYY-MM-DD` strings: pure arithmetic, no time zone. Unlike lib/time/index.ts this
 * module does not load date-fns-tz (which runs a time-zone-aware Intl call as it loads), so code that runs
 * while a page loads can import it.
 */

/** Adds whole calendar days to a `YYYY-MM-DD` day (DST-safe: pure calendar arithmetic). */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** A calendar day in Bucharest and the instant (ms since the epoch) the next one begins there. */
export type BucharestDay = { day: string; nextDayAt: number };
