import { z } from 'zod';
import { productMessages } from '@/contract/products/common-values';
import { isValidDay } from '@/contract/day';
import {
  canonicalMobile,
  isValidCnp,
  isValidCui,
  isValidPlate,
  isValidRomanianMobile,
  isValidVin,
  normalizeCui,
  normalizePlate,
  normalizeVin,
} from '@/contract/formats';

/**
 * Building blocks of the product schemas (backend README "Quote inputs"). Every schema takes what the
 * form holds (strings from inputs) and yields exactly what the backend expects; the error paths are the
 * backend's dotted field paths, so a 422 from the backend lands on the same field as a local error.
 */
export const requiredText = (required: string = productMessages.required, max = 150) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, productMessages.tooLong);

/** A calendar day `YYYY-MM-DD`. */
export const dayField = (required: string = productMessages.required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isValidDay, { error: productMessages.date, abort: true });

/** A whole number typed into an input: '' is "missing", anything unparsable is "not a number". */
export const intField = (min: number, max: number, rangeMessage: string, required: string = productMessages.required) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      if (typeof v === 'string') return Number(v.trim().replace(',', '.'));
      return v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : productMessages.number) })
      .int(productMessages.integer)
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );

export const choiceField = <const T extends readonly [string, ...string[]]>(values: T, message: string = productMessages.choose) =>
  z.enum(values, { error: message });

export const plateField = () =>
  z
    .string({ error: productMessages.plateRequired })
    .trim()
    .min(1, { error: productMessages.plateRequired, abort: true })
    .refine(isValidPlate, productMessages.plate)
    .transform(normalizePlate);

export const vinField = () =>
  z
    .string({ error: productMessages.vinRequired })
    .trim()
    .min(1, { error: productMessages.vinRequired, abort: true })
    .refine(isValidVin, productMessages.vin)
    .transform(normalizeVin);

export const cnpField = () =>
  z
    .string({ error: productMessages.cnpRequired })
    .trim()
    .min(1, { error: productMessages.cnpRequired, abort: true })
    .refine((v) => isValidCnp(v), productMessages.cnp);

export const cuiField = () =>
  z
    .string({ error: productMessages.cuiRequired })
    .trim()
    .min(1, { error: productMessages.cuiRequired, abort: true })
    .refine(isValidCui, productMessages.cui)
    .transform(normalizeCui);

/** Romanian mobile, sent as `07xxxxxxxx`. */
export const phoneField = () =>
  z
    .string({ error: productMessages.phoneRequired })
    .trim()
    .min(1, { error: productMessages.phoneRequired, abort: true })
    .refine(isValidRomanianMobile, productMessages.phone)
    .transform(canonicalMobile);

export const emailField = () =>
  z
    .string({ error: productMessages.emailRequired })
    .trim()
    .min(1, { error: productMessages.emailRequired, abort: true })
    .pipe(z.email(productMessages.email));

export * from '@/contract/products/common-values';
