import { enGB, fr, ro, type Locale } from 'date-fns/locale';
import type { DATE_LOCALE_CODES } from './types';

/** The date languages a customer can choose (SPEC §9): Romanian by default, French and English. */
export type DateLocaleCode = (typeof DATE_LOCALE_CODES)[number];

export const DEFAULT_DATE_LOCALE: DateLocaleCode = 'ro';

const LOCALES: Record<DateLocaleCode, Locale> = { ro, fr, en: enGB };

export function dateLocale(code: DateLocaleCode = DEFAULT_DATE_LOCALE): Locale {
  return LOCALES[code] ?? ro;
}
