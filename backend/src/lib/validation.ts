import { z } from 'zod';
import { validationError, type FieldErrors } from './errors';
import {
  canonicalMobile,
  isValidCnp,
  isValidCui,
  isValidPersonName,
  isValidPlate,
  isValidRomanianMobile,
  isValidVin,
  normalizeCui,
  normalizePlate,
  normalizeVin,
} from '../../../contract/formats';
import { PASSWORD_CHARACTER_RULES, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules';
import { isValidDay } from '../../../contract/day';

/** Romanian fallback messages for zod issues that carry no message of their own. */
function romanianMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'Câmpul este obligatoriu.'
        : 'Valoarea are un tip greșit.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'Câmpul este obligatoriu.' : `Minimum ${issue.minimum} caractere.`;
      }
      if (issue.origin === 'array') return `Alegeți cel puțin ${issue.minimum}.`;
      return `Valoarea minimă este ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Maximum ${issue.maximum} caractere.`;
      if (issue.origin === 'array') return `Cel mult ${issue.maximum} elemente.`;
      return `Valoarea maximă este ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Adresa de email nu este validă.' : 'Formatul nu este valid.';
    case 'invalid_value':
      return 'Valoarea aleasă nu este permisă.';
    case 'unrecognized_keys':
      return 'Câmpuri necunoscute.';
    default:
      return 'Valoarea nu este validă.';
  }
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** Parses input with a schema; on failure throws the contract's 422 with Romanian messages. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {}, { error: (iss) => romanianMessage(iss) });
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}

// ── Reusable field schemas ──────────────────────────────────────────────────────

export const M = {
  email: 'Adresa de email nu este validă.',
  required: 'Câmpul este obligatoriu.',
  phone: 'Numărul de telefon nu este valid (07xxxxxxxx).',
  plate: 'Numărul de înmatriculare nu este valid.',
  vin: 'Seria de șasiu (VIN) nu este validă.',
  cnp: 'CNP-ul nu este valid.',
  cui: 'CUI-ul nu este valid.',
  date: 'Data nu este validă (AAAA-LL-ZZ).',
};

export const emailField = z
  .string({ error: M.required })
  .trim()
  .toLowerCase()
  .max(190, 'Maximum 190 de caractere.')
  .pipe(z.email({ error: M.email }));

export const nameField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(100, 'Maximum 100 de caractere.')
  .refine(isValidPersonName, 'Folosiți doar litere, spații și cratime.');

export const phoneField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .refine(isValidRomanianMobile, M.phone)
  .transform(canonicalMobile);

export const plateField = z
  .string({ error: M.required })
  .min(1, M.required)
  .max(20, M.plate)
  .refine(isValidPlate, M.plate)
  .transform(normalizePlate);

export const vinField = z
  .string({ error: M.required })
  .min(1, M.required)
  .max(30, M.vin)
  .refine(isValidVin, M.vin)
  .transform(normalizeVin);

export const cnpField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .refine((v) => isValidCnp(v), M.cnp);

export const cuiField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(14, M.cui)
  .refine(isValidCui, M.cui)
  .transform(normalizeCui);

export const isoDateField = z.string({ error: M.required }).refine(isValidDay, M.date);

/** Captcha token: optional, may be empty. */
export const captchaField = z.string().max(4000).optional().nullable();

/** Booleans as forms send them: true/false, "1"/"0", "true"/"false", 1/0. */
export const formBoolean = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1 || v === 'on') return true;
  if (v === 'false' || v === '0' || v === 0 || v === '' || v === 'off') return false;
  return v;
}, z.boolean());

/** The password policy's character rules (lib/validation/password-rules.ts); the list checks: password-policy.ts. */
export const passwordField = PASSWORD_CHARACTER_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string({ error: M.required }).min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.min).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.max),
);

export const idParam = z.object({
  id: z.coerce.number({ error: 'Identificatorul nu este valid.' }).int().positive(),
});
