import { z } from 'zod';
import { isRomanianCounty } from '@/contract/counties';
import { preferencesBody, profileBody } from '@/contract/account';
import { M, personNameField, phoneField, toWire } from '@/contract/fields';
import { DATE_LOCALE_CODES } from '@/contract/types';

/**
 * Account forms (`PUT /api/v1/profile`, `PUT /api/v1/preferences`): one schema per form, shared by the
 * form and the call. Messages in Romanian.
 */
export const accountMessages = {
  firstNameRequired: 'Introduceți prenumele.',
  lastNameRequired: 'Introduceți numele de familie.',
  nameTooLong: 'Cel mult 100 de caractere.',
  nameLetters: M.name,
  phoneRequired: 'Introduceți numărul de telefon.',
  phone: M.phone,
  countyRequired: 'Alegeți județul.',
  countyUnknown: 'Alegeți județul din listă.',
  townRequired: 'Introduceți localitatea.',
  streetRequired: 'Introduceți strada și numărul.',
  postalCode: 'Codul poștal are 6 cifre.',
  tooLong: 'Cel mult 150 de caractere.',
} as const;

const personName = (required: string) => personNameField({ required, tooLong: accountMessages.nameTooLong });

const text = (required: string) => z.string({ error: required }).trim().min(1, required).max(150, accountMessages.tooLong);

export const addressSchema = z.object({
  county: text(accountMessages.countyRequired).refine(isRomanianCounty, accountMessages.countyUnknown),
  town: text(accountMessages.townRequired),
  street: text(accountMessages.streetRequired),
  postal_code: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{6}$/.test(v), accountMessages.postalCode),
});

const addressInput = z.object({
  county: z.string(),
  town: z.string(),
  street: z.string(),
  postal_code: z.string(),
});

/**
 * The form's address: every field empty means "no address" (sent as null); otherwise county, town and
 * street are required. Validated inside the field so its messages show together with the other fields'.
 */
const formAddress = addressInput.transform((a, ctx) => {
  const blank = [a.county, a.town, a.street, a.postal_code].every((v) => v.trim() === '');
  if (blank) return null;
  const parsed = addressSchema.safeParse(a);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The profile form (`PUT /api/v1/profile`): the form's own wording for each field, then the contract's `profileBody`
 * makes the payload, with the backend's normalisation (an empty postal code is sent as null, as it is stored).
 */
export const profileFormSchema = toWire(
  z.object({
    first_name: personName(accountMessages.firstNameRequired),
    last_name: personName(accountMessages.lastNameRequired),
    phone_number: phoneField('wire', accountMessages.phoneRequired),
    address: formAddress,
  }),
  profileBody,
);

export type ProfilePayload = z.output<typeof profileFormSchema>;

export const DATE_LOCALES = [
  { value: 'ro', label: 'Română (5 martie 2026)' },
  { value: 'en', label: 'English (5 March 2026)' },
  { value: 'fr', label: 'Français (5 mars 2026)' },
] as const;

/** The preferences form: every preference of the contract's `PUT /api/v1/preferences` body, as the page holds them. */
export const preferencesSchema = preferencesBody
  .required()
  .extend({ date_locale: z.enum(DATE_LOCALE_CODES, { error: 'Alegeți limba datelor.' }) });
