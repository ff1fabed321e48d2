import { toBucharestDay } from '@/lib/time';

/**
 * Today in Europe/Bucharest, `YYYY-MM-DD`, for the product schemas (loaded on demand). In a module of its own:
 * date-fns-tz makes a time-zone-aware Intl call as it loads, which the page (forms take today from
 * useBucharestToday()) and the details step's schema do not need.
 */
export function bucharestToday(now: Date = new Date()): string {
  return toBucharestDay(now);
}
