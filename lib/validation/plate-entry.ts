import { isValidPlate, isValidVin, normalizePlate, normalizeVin } from '@/contract/formats';

/**
 * The home page's plate box (issue 18): a plate and an optional VIN that open the RCA quote prefilled at
 * `/rca/<PLATE>/<VIN>`. Shared by the box (inline checks), the RCA page (which turns the box's GET into that
 * address without JavaScript) and the home page (which shows the box's errors again). No zod: the box's form layer
 * loads this with its chunk, and its schema (plate-entry-schema.ts, zod) only at the first edit.
 */
export const plateEntryMessages = {
  plateRequired: 'Introduceți numărul de înmatriculare.',
  plate: 'Numărul de înmatriculare nu este valid. Exemple: B123ABC, CJ45XYZ.',
  vin: 'Seria de șasiu (VIN) are 17 caractere: litere fără I, O, Q și cifre.',
} as const;

export type PlateEntryErrors = { registration_plate?: string; vin?: string };

/** Upper case without spaces and hyphens, as the customer types. */
export function typedPlate(input: string): string {
  return normalizePlate(input);
}

export function typedVin(input: string): string {
  return normalizeVin(input).replace(/-/g, '');
}

/** What is wrong with the box's values (empty: nothing). */
export function plateEntryErrors(plate: string, vin: string): PlateEntryErrors {
  const errors: PlateEntryErrors = {};
  if (!typedPlate(plate)) errors.registration_plate = plateEntryMessages.plateRequired;
  else if (!isValidPlate(plate)) errors.registration_plate = plateEntryMessages.plate;
  if (typedVin(vin) && !isValidVin(typedVin(vin))) errors.vin = plateEntryMessages.vin;
  return errors;
}

/** `/rca/B123ABC` or `/rca/B123ABC/WVWZZZ1JZXW000001` for valid values, else null. */
export function rcaQuotePath(plate: string, vin: string): string | null {
  const errors = plateEntryErrors(plate, vin);
  if (errors.registration_plate || errors.vin) return null;
  const v = typedVin(vin);
  return `/rca/${encodeURIComponent(typedPlate(plate))}${v ? `/${encodeURIComponent(v)}` : ''}`;
}
