/**
 * Romanian identifier formats (DOMAIN.md): registration plates, VIN, CNP, CUI, phone numbers.
 * Pure functions shared by the forms, the BFF and the reference backend.
 */

export const COUNTY_CODES = [
  'AB', 'AG', 'AR', 'BC', 'BH', 'BN', 'BR', 'BT', 'BV', 'BZ', 'CJ', 'CL', 'CS', 'CT', 'CV', 'DB', 'DJ', 'GJ',
  'GL', 'GR', 'HD', 'HR', 'IF', 'IL', 'IS', 'MH', 'MM', 'MS', 'NT', 'OT', 'PH', 'SB', 'SJ', 'SM', 'SV', 'TL',
  'TM', 'TR', 'VL', 'VN', 'VS',
] as const;

/** Upper case, spaces and hyphens removed: the canonical form of a plate. */
export function normalizePlate(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

const BUCHAREST_PLATE = /^B\d{2,3}[A-Z]{3}$/;
const COUNTY_PLATE = new RegExp(`^(${COUNTY_CODES.join('|')})\\d{2}[A-Z]{3}$`);
/** Temporary plates: county code (or B) followed by 3 to 6 digits. */
const TEMPORARY_PLATE = new RegExp(`^(B|${COUNTY_CODES.join('|')})\\d{3,6}$`);
/** Diplomatic plates: CD, TC or CO followed by 3 to 6 digits. */
const DIPLOMATIC_PLATE = /^(CD|TC|CO)\d{3,6}$/;

export function isValidPlate(input: string): boolean {
  const plate = normalizePlate(input);
  return (
    BUCHAREST_PLATE.test(plate) ||
    COUNTY_PLATE.test(plate) ||
    TEMPORARY_PLATE.test(plate) ||
    DIPLOMATIC_PLATE.test(plate)
  );
}

export function normalizeVin(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '');
}

/** 17 characters of A-H, J-N, P, R-Z, 0-9 (no I, O, Q). */
export function isValidVin(input: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(normalizeVin(input));
}

const CNP_WEIGHTS = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
const CNP_COUNTIES = new Set([
  ...Array.from({ length: 46 }, (_, i) => i + 1),
  51,
  52,
]);

/** The century a CNP's first digit (sex/century) stands for; 7-9 (residents) have none. */
function cnpCentury(s: number, yy: number, now: Date): number | null {
  if (s === 1 || s === 2) return 1900;
  if (s === 3 || s === 4) return 1800;
  if (s === 5 || s === 6) return 2000;
  if (s === 7 || s === 8 || s === 9) {
    // Foreign residents: pick the century that puts the birth year in the past.
    return 2000 + yy <= now.getUTCFullYear() ? 2000 : 1900;
  }
  return null;
}

export function cnpControlDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * CNP_WEIGHTS[i];
  const rest = sum % 11;
  return rest === 10 ? 1 : rest;
}

/** Birth date encoded in a valid CNP, as YYYY-MM-DD, or null. */
export function cnpBirthDate(cnp: string, now: Date = new Date()): string | null {
  if (!/^\d{13}$/.test(cnp)) return null;
  const s = Number(cnp[0]);
  const yy = Number(cnp.slice(1, 3));
  const mm = Number(cnp.slice(3, 5));
  const dd = Number(cnp.slice(5, 7));
  const century = cnpCentury(s, yy, now);
  if (century === null) return null;
  const year = century + yy;
  if (mm < 1 || mm > 12) return null;
  const daysInMonth = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd < 1 || dd > daysInMonth) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

export function isValidCnp(input: string, now: Date = new Date()): boolean {
  const cnp = input.trim();
  if (!/^\d{13}$/.test(cnp)) return false;
  if (cnpBirthDate(cnp, now) === null) return false;
  if (!CNP_COUNTIES.has(Number(cnp.slice(7, 9)))) return false;
  return cnpControlDigit(cnp.slice(0, 12)) === Number(cnp[12]);
}

const CUI_WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];

export function normalizeCui(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').replace(/^RO/, '');
}

export function cuiControlDigit(body: string): number {
  const padded = body.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * CUI_WEIGHTS[i];
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** 2-10 digits, optional RO prefix, last digit the control digit. */
export function isValidCui(input: string): boolean {
  const cui = normalizeCui(input);
  if (!/^\d{2,10}$/.test(cui)) return false;
  return cuiControlDigit(cui.slice(0, -1)) === Number(cui[cui.length - 1]);
}

/** Romanian mobile: 07xxxxxxxx or +407xxxxxxxx (spaces, dots and hyphens ignored). */
export function normalizePhone(input: string): string {
  return input.replace(/[\s.-]+/g, '');
}

export function isValidRomanianMobile(input: string): boolean {
  return /^(\+4|004)?07\d{8}$/.test(normalizePhone(input));
}

/** A valid Romanian mobile as the backend stores and the forms send it: `07xxxxxxxx`. */
export function canonicalMobile(input: string): string {
  const p = normalizePhone(input);
  return p.startsWith('+4') ? p.slice(2) : p.startsWith('004') ? p.slice(3) : p;
}

/**
 * Text as a person typed it, in the form it is checked and stored in: composed Unicode (NFC: „Ș” typed or pasted as
 * S + combining comma below is one letter) and the no-break spaces some keyboards and pasted documents carry as
 * plain spaces. Without it a correct name such as „Ștefan” from such a keyboard is refused as „not letters”.
 */
export function normalizeTypedText(input: string): string {
  return input.normalize('NFC').replace(/[\u00a0\u2007\u202f]/g, ' ');
}

/**
 * A person's first or last name: a letter, then letters, spaces, apostrophes, dots, hyphens (Ana-Maria, O'Neil).
 * Spaces only: a line break or a tab in a name would print as a line of its own on the policy and the invoice.
 */
export function isValidPersonName(input: string): boolean {
  return /^[\p{L}][\p{L} '.-]*$/u.test(input);
}

/**
 * Text printed on policies and invoices and written into mails (addresses, destinations, makes, brands, company
 * names): one line, no control characters (line breaks, tabs, NUL), no format characters (bidi overrides, zero-width
 * characters) and no line or paragraph separators. A caller of the API could otherwise add lines of its own to a
 * policy document ("Zonă: Toată lumea") or hide what a text says.
 */
export function isPlainText(input: string): boolean {
  return !/[\p{C}\p{Zl}\p{Zp}]/u.test(input);
}
