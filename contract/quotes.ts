import { z } from 'zod';
import { PRODUCT_CODES } from './types';
import { isRomanianCounty } from './counties';
import { captchaField, cnpField, cuiField, isoDateField, M, nameField, plateField, vinField } from './fields';
import { isPlainText, isValidPlate, normalizePlate, normalizeTypedText } from './formats';
// The choices are the forms' own lists (one contract for the web app and the backend).
import { ENVIRONMENTS, STRUCTURES } from './products/house-values';
import { FUELS, USE_TYPES, VEHICLE_CATEGORIES } from './products/rca-values';
import { RIM_BANDS, TIRE_INVOICE, TIRE_TYPES, tireMessages } from './products/tire-values';
import { TRAVEL_CANCELLATION_MIN_EUR, TRAVEL_PURPOSES, TRAVEL_ZONES, TRIP_TYPES } from './products/travel-values';

/** A whole number in [min, max]; out of range, the message names the bound (not "enter a number"). */
const int = (min: number, max: number) =>
  z
    .number({ error: 'Introduceți un număr.' })
    .int('Introduceți un număr întreg.')
    .min(min, `Valoarea minimă este ${min}.`)
    .max(max, `Valoarea maximă este ${max}.`);
/** A one-line text printed on the policy (contract/formats.ts isPlainText). */
const text = (max: number) => z.string({ error: M.required }).overwrite(normalizeTypedText).trim().min(1, M.required).max(max).refine(isPlainText, M.plainText);
export const companyName = z
  .string({ error: M.required })
  .overwrite(normalizeTypedText)
  .trim()
  .min(2, 'Introduceți denumirea firmei.')
  .max(200)
  .refine(isPlainText, M.plainText);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'Alegeți o valoare din listă.' });

/**
 * A renewal names the policy it renews: `renewal_of` (the caller's own policy, bearer required) or `renewal_token`
 * (the link of an expiry reminder mail, no sign-in). Its start may then be the day after that policy ends.
 */
const renewalFields = {
  renewal_of: z.number({ error: 'Polița reînnoită nu este validă.' }).int().positive().optional().nullable(),
  renewal_token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Linkul de reînnoire nu este valid.').optional().nullable(),
};

export const rcaInput = z.object({
  registration_plate: plateField('wire'),
  vin: vinField('wire'),
  vehicle: z.object({
    category: choice(VEHICLE_CATEGORIES),
    make: text(50),
    model: text(50),
    fuel: choice(FUELS),
    year: int(1950, 2100),
    max_mass_kg: int(1, 40000),
    engine_cc: int(0, 10000),
    power_kw: int(0, 1000),
    seats: int(0, 60),
    use_type: choice(USE_TYPES),
  }),
  owner: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('person'), cnp: cnpField('wire'), driving_licence_date: isoDateField }),
      z.object({
        type: z.literal('company'),
        cui: cuiField('wire'),
        /** The company's name; filled from the company register when absent. */
        name: companyName.optional().nullable(),
        caen: z.string().regex(/^\d{4}$/, 'Codul CAEN are 4 cifre.').optional().nullable(),
      }),
    ],
    { error: 'Alegeți persoană fizică sau juridică.' },
  ),
  /** The vehicle's user when it is not the owner (a leasing company owns, a person or company uses). */
  user: z
    .discriminatedUnion(
      'type',
      [
        z.object({ type: z.literal('person'), first_name: nameField, last_name: nameField, cnp: cnpField('wire') }),
        z.object({ type: z.literal('company'), cui: cuiField('wire'), name: companyName.optional().nullable() }),
      ],
      { error: 'Alegeți persoană fizică sau juridică.' },
    )
    .optional()
    .nullable(),
  ...renewalFields,
  start_date: isoDateField,
  period_months: int(1, 12),
});

export const travelInput = z.object({
  zone: choice(TRAVEL_ZONES),
  destination: text(100),
  purpose: choice(TRAVEL_PURPOSES),
  trip_type: choice(TRIP_TYPES),
  start_date: isoDateField,
  end_date: isoDateField,
  travellers: z
    .array(z.object({ birth_date: isoDateField }), { error: M.required })
    .min(1, 'Adăugați cel puțin un călător.')
    .max(7, 'Cel mult 7 călători pe o poliță.'),
  options: z
    .object({
      winter_sports: z.boolean().default(false),
      summer_sports: z.boolean().default(false),
      road_assistance: z.boolean().default(false),
      cancellation_insured_value_eur: int(TRAVEL_CANCELLATION_MIN_EUR, 10000).nullable().default(null),
    })
    .default({ winter_sports: false, summer_sports: false, road_assistance: false, cancellation_insured_value_eur: null }),
});

export const houseInput = z.object({
  address: z.object({ county: text(50).refine(isRomanianCounty, 'Alegeți județul din listă.'), town: text(100), street: text(200) }),
  environment: choice(ENVIRONMENTS),
  structure: choice(STRUCTURES),
  year_built: int(1850, 2100),
  area_sqm: int(10, 2000),
  rooms: int(1, 30),
  floors: int(1, 60),
  start_date: isoDateField.optional(),
  ...renewalFields,
  voluntary: z
    .object({
      building_sum_lei: int(10000, 5000000),
      contents_sum_lei: int(0, 1000000),
      options: z
        .object({
          theft: z.boolean().default(false),
          liability: z.boolean().default(false),
          pipes: z.boolean().default(false),
          electrical: z.boolean().default(false),
        })
        .default({ theft: false, liability: false, pipes: false, electrical: false }),
      instalments: z.union([z.literal(1), z.literal(2), z.literal(4)], { error: 'Alegeți 1, 2 sau 4 rate.' }).default(1),
    })
    .nullable()
    .default(null),
});

export const tireInput = z.object({
  plan_code: z.string().max(50).optional().nullable(),
  tire_count: int(2, 4),
  period_years: int(1, 3),
  tire_type: choice(TIRE_TYPES),
  rim_band: choice(RIM_BANDS),
  brand: text(50),
  purchase_date: isoDateField,
  /** The purchase invoice (required for Michelin TireSecure+): letters, digits, spaces, „-” and „/”, as the form takes it. */
  invoice_number: z
    .string()
    .trim()
    .refine((v) => v === '' || TIRE_INVOICE.test(v), tireMessages.invoice)
    .transform((v) => (v === '' ? null : v))
    .optional()
    .nullable(),
  /** Renewals only: the first day of the new cover (otherwise the cover starts the day after payment). */
  start_date: isoDateField.optional().nullable(),
  ...renewalFields,
});

/** A plate of any country: 2–12 letters and digits once spaces and hyphens go; Romanian plates as DOMAIN.md says. */
const vignettePlate = z
  .string({ error: M.required })
  .min(1, M.required)
  .max(20, M.plate)
  .transform(normalizePlate)
  .refine((p) => /^[A-Z0-9]{2,12}$/.test(p), M.plate);

const vignetteCommon = {
  category: z.string({ error: 'Alegeți categoria vehiculului.' }).trim().min(1, 'Alegeți categoria vehiculului.').max(10),
  registration_plate: vignettePlate,
  country: z.string({ error: 'Alegeți țara de înmatriculare.' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Alegeți țara de înmatriculare.'),
  start_date: isoDateField,
  validity: z.string({ error: 'Alegeți perioada de valabilitate.' }).trim().min(1, 'Alegeți perioada de valabilitate.').max(20),
};

/** A Romanian plate is checked against the Romanian formats; a foreign one only for its shape. */
const romanianPlateWhenRo = (v: { country: string; registration_plate: string }, ctx: z.RefinementCtx) => {
  if (v.country === 'RO' && !isValidPlate(v.registration_plate)) {
    ctx.addIssue({ code: 'custom', path: ['registration_plate'], message: M.plate });
  }
};

export const roVignetteInput = z
  .object({
    ...vignetteCommon,
    vin: z.union([z.literal('').transform(() => null), vinField('wire')]).optional().nullable().transform((v) => v ?? null),
  })
  .superRefine(romanianPlateWhenRo);

export const huVignetteInput = z
  .object({
    ...vignetteCommon,
    /** Each county once (a county pass is priced per county). */
    counties: z
      .array(z.string().max(20), { error: 'Alegeți județele.' })
      .max(19)
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .superRefine(romanianPlateWhenRo);


export const quoteRequest = z.object({
  product_code: z.enum(PRODUCT_CODES, { error: 'Produsul nu există.' }),
  partner_code: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'Codul partenerului nu este valid.')
    .optional()
    .nullable(),
  input: z.unknown(),
  token: captchaField,
});

export type RcaInput = z.infer<typeof rcaInput>;
export type TravelInput = z.infer<typeof travelInput>;
export type HouseInput = z.infer<typeof houseInput>;
export type TireInput = z.infer<typeof tireInput>;
export type RoVignetteInput = z.infer<typeof roVignetteInput>;
export type HuVignetteInput = z.infer<typeof huVignetteInput>;
