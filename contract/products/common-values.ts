import { addDaysToDay } from '../day';

/**
 * The zod-free part of the product forms' building blocks: messages, day helpers, counties (the error mapping is
 * contract/field-errors.ts). Forms import these directly; the schemas (contract/fields.ts and lib/validation/products/*) load on demand.
 * No time zones here either: "today" comes from the caller (useBucharestToday() in forms, lib/time's toBucharestDay()
 * in the schemas), so loading a product page does not load date-fns-tz.
 */
export const productMessages = {
  required: 'Câmpul este obligatoriu.',
  number: 'Introduceți un număr.',
  integer: 'Introduceți un număr întreg.',
  date: 'Introduceți o dată validă.',
  choose: 'Alegeți o opțiune.',
  plateRequired: 'Introduceți numărul de înmatriculare.',
  plate: 'Numărul de înmatriculare nu este valid (ex.: B123ABC, CJ45XYZ).',
  vinRequired: 'Introduceți seria de șasiu (VIN).',
  vin: 'Seria de șasiu (VIN) are 17 caractere: litere fără I, O, Q și cifre.',
  cnpRequired: 'Introduceți CNP-ul.',
  cnp: 'CNP-ul nu este valid: verificați cele 13 cifre.',
  cuiRequired: 'Introduceți CUI-ul.',
  cui: 'CUI-ul nu este valid: verificați cifra de control.',
  caen: 'Codul CAEN are 4 cifre.',
  companyNameRequired: 'Introduceți denumirea firmei.',
  firstNameRequired: 'Introduceți prenumele.',
  lastNameRequired: 'Introduceți numele de familie.',
  phoneRequired: 'Introduceți numărul de telefon.',
  phone: 'Numărul de telefon nu este valid (07xxxxxxxx).',
  emailRequired: 'Introduceți adresa de email.',
  email: 'Adresa de email nu este validă.',
  tooLong: 'Textul este prea lung.',
} as const;

/** First and last allowed start day: `minDays` … `maxDays` after `today` (the Bucharest day, `YYYY-MM-DD`). */
export function dayWindow(today: string, minDays: number, maxDays: number): { min: string; max: string } {
  return { min: addDaysToDay(today, minDays), max: addDaysToDay(today, maxDays) };
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`, for messages. */
export function displayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

