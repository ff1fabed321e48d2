import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { addDaysToDay, bucharestDay, type BucharestDay } from '@/contract/day';
import { DEFAULT_DATE_LOCALE, dateLocale, type DateLocaleCode } from '@/contract/locales';

/**
 * Dates and times for people in Romania (SPEC §9): Europe/Bucharest, Romanian locale by default,
 * French and English available. Works the same on the server (UTC) and in any browser time zone.
 */
export const APP_TIME_ZONE = 'Europe/Bucharest';

type DateInput = Date | string | number;

function toDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/** Any date-fns pattern, rendered in Europe/Bucharest. */
export function formatInBucharest(input: DateInput, pattern: string, locale: DateLocaleCode = DEFAULT_DATE_LOCALE): string {
  return formatInTimeZone(toDate(input), APP_TIME_ZONE, pattern, { locale: dateLocale(locale) });
}

/** `5 martie 2026` */
export function formatDate(input: DateInput, locale: DateLocaleCode = DEFAULT_DATE_LOCALE): string {
  return formatInBucharest(input, 'd MMMM yyyy', locale);
}

/** `5 martie 2026, 14:30` */
export function formatDateTime(input: DateInput, locale: DateLocaleCode = DEFAULT_DATE_LOCALE): string {
  return formatInBucharest(input, 'd MMMM yyyy, HH:mm', locale);
}

/** The calendar day in Bucharest, `YYYY-MM-DD` (the backend's date format). */
export function toBucharestDay(input: DateInput): string {
  return bucharestDay(toDate(input));
}

/** The instant a Bucharest wall-clock time happens, e.g. ('2026-03-29', '00:00'). */
export function bucharestWallTimeToDate(day: string, time = '00:00'): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) {
    throw new RangeError(`Invalid wall time: ${day} ${time}`);
  }
  return fromZonedTime(`${day}T${time.length === 5 ? `${time}:00` : time}`, APP_TIME_ZONE);
}

/**
 * The Bucharest calendar day at that instant and when the next one begins (23 or 25 hours later on the days
 * the clocks change). The server renders with it; a page left open past midnight uses `nextDayAt`.
 */
export function bucharestDayAt(input: DateInput): BucharestDay {
  const at = toDate(input).getTime();
  // The root layout asks on every render; time-zone formatting was ~1.7% of a rendering server's CPU (issue 17).
  // Every instant from a computed one up to that day's end falls on the same day.
  if (lastDay && at >= lastDay.from && at < lastDay.nextDayAt) return { day: lastDay.day, nextDayAt: lastDay.nextDayAt };
  const day = toBucharestDay(at);
  const nextDayAt = bucharestWallTimeToDate(addDaysToDay(day, 1)).getTime();
  lastDay = { from: at, day, nextDayAt };
  return { day, nextDayAt };
}

let lastDay: { from: number; day: string; nextDayAt: number } | null = null;
