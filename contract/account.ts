import { z } from 'zod';
import { addressFields, nameField, phoneField, postalCodeField } from './fields';
import { DATE_LOCALE_CODES } from './types';

const addressSchema = z.object({
  ...addressFields,
  postal_code: postalCodeField.or(z.literal('')).optional().nullable().transform((v) => v || null),
});

/** `PUT /api/v1/profile`. */
export const profileBody = z.object({
  first_name: nameField,
  last_name: nameField,
  phone_number: phoneField('wire'),
  address: addressSchema.nullable().optional().transform((v) => v ?? null),
});

const bool = z.boolean({ error: 'Alegeți da sau nu.' });
/** `PUT /api/v1/preferences`: only the preferences sent change. */
export const preferencesBody = z.object({
  is_dark_theme: bool.nullable().optional(),
  marketing_email: bool.optional(),
  marketing_sms: bool.optional(),
  notify_expiry_email: bool.optional(),
  notify_expiry_sms: bool.optional(),
  date_locale: z.enum(DATE_LOCALE_CODES, { error: 'Limba aleasă nu este disponibilă.' }).optional(),
});
