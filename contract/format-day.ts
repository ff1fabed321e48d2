import type { Month } from 'date-fns';
import { isValidDay } from './day';
import { DEFAULT_DATE_LOCALE, dateLocale, type DateLocaleCode } from './locales';

/**
 * A calendar day (`YYYY-MM-DD`, as the backend sends policy periods) as `5 martie 2026`.
 *
 * A day has no time zone, so unlike `formatDate` this needs no time-zone data: client components that render
 * days at hydration use it and keep date-fns-tz (and the browser's first, costly `Intl` time-zone set-up)
 * out of the page load.
 */
export function formatDay(day: string, locale: DateLocaleCode = DEFAULT_DATE_LOCALE): string {
  if (!isValidDay(day)) throw new RangeError(`Invalid day: ${day}`);
  const [y, m, d] = day.split('-').map(Number);
  // 'd MMMM yyyy' from the locale's own month names, without date-fns's whole `format` (its formatters are most
  // of the code it would add to the page).
  const month = dateLocale(locale).localize.month((m - 1) as Month, { width: 'wide', context: 'formatting' });
  return `${d} ${month} ${y}`;
}
