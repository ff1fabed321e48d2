import { z } from 'zod';
import {
  canonicalMobile,
  isValidCnp,
  isPlainText,
  isValidCui,
  isValidPersonName,
  isValidPlate,
  normalizeTypedText,
  isValidRomanianMobile,
  isValidVin,
  normalizeCui,
  normalizePlate,
  normalizeVin,
} from './formats';
import { PASSWORD_CHARACTER_RULES, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './password-rules';
import { isValidDay } from './day';
import { isRomanianCounty } from './counties';
import { productMessages } from './products/common-values';

/**
 * The field rules of the API contract: one builder per kind of field, used by the reference backend's request
 * schemas and by the forms. A rule comes in two flavours that differ only in wording and strictness, never in
 * what is accepted once a value is filled in:
 * - `wire` (the backend, and the auth forms that read the same as its 422): terse messages, a length cap, every
 *   failing check reported;
 * - `form` (the shop's forms): one "enter X" message for an empty field, then the format message with an example.
 */
export type Flavour = 'form' | 'wire';

/** Romanian fallback messages for zod issues that carry no message of their own (the backend's 422). */
export function romanianIssueMessage(issue: z.core.$ZodRawIssue): string {
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

/** Parses with the contract's Romanian wording for issues that carry no message of their own. */
export function safeParseWire<S extends z.ZodType>(schema: S, input: unknown) {
  return schema.safeParse(input, { error: (issue) => romanianIssueMessage(issue) });
}

/**
 * A form schema with a last step: what the form made of its strings is checked by the endpoint's own request schema
 * (contract/quotes.ts, contract/orders.ts), and its problems land on the same fields with the same words as the
 * backend's 422 would. Typed so that a form whose output the endpoint does not take fails to compile.
 */
export function toWire<W extends z.ZodType, F extends z.ZodType<z.input<W>>>(form: F, wire: W) {
  return form.pipe(
    z.custom<z.output<F>>().transform((value, ctx): z.output<W> => {
      const result = safeParseWire(wire, value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }),
  );
}

/** The wire flavour's messages (the backend's 422 and the auth forms). */
export const M = {
  email: 'Adresa de email nu este validă.',
  emailTooLong: 'Maximum 190 de caractere.',
  required: 'Câmpul este obligatoriu.',
  phone: 'Numărul de telefon nu este valid (07xxxxxxxx).',
  name: 'Folosiți doar litere, spații și cratime.',
  plainText: 'Textul are caractere nepermise (rânduri noi, tabulatori sau caractere de control).',
  nameTooLong: 'Maximum 100 de caractere.',
  plate: 'Numărul de înmatriculare nu este valid.',
  vin: 'Seria de șasiu (VIN) nu este validă.',
  cnp: 'CNP-ul nu este valid.',
  cui: 'CUI-ul nu este valid.',
  date: 'Data nu este validă (AAAA-LL-ZZ).',
} as const;

/** How a text field is checked: its messages, whether it is trimmed, capped, and stops at "required". */
type TextRule = { required: string; invalid: string; trim: boolean; stopWhenEmpty: boolean; max?: number };

const wireRule = (invalid: string, trim: boolean, max?: number): TextRule => ({ required: M.required, invalid, trim, stopWhenEmpty: false, max });
const formRule = (required: string, invalid: string): TextRule => ({ required, invalid, trim: true, stopWhenEmpty: true });

function checkedText(rule: TextRule, test: (value: string) => boolean) {
  const base = z.string({ error: rule.required });
  const trimmed = rule.trim ? base.trim() : base;
  const filled = trimmed.min(1, { error: rule.required, abort: rule.stopWhenEmpty });
  return (rule.max === undefined ? filled : filled.max(rule.max, rule.invalid)).refine(test, rule.invalid);
}

const RULES = {
  plate: { form: formRule(productMessages.plateRequired, productMessages.plate), wire: wireRule(M.plate, false, 20) },
  vin: { form: formRule(productMessages.vinRequired, productMessages.vin), wire: wireRule(M.vin, false, 30) },
  cnp: { form: formRule(productMessages.cnpRequired, productMessages.cnp), wire: wireRule(M.cnp, true) },
  cui: { form: formRule(productMessages.cuiRequired, productMessages.cui), wire: wireRule(M.cui, true, 14) },
  phone: { form: formRule(productMessages.phoneRequired, productMessages.phone), wire: wireRule(M.phone, true) },
} satisfies Record<string, Record<Flavour, TextRule>>;

/** A registration plate, sent normalised (upper case, no spaces or hyphens). */
export const plateField = (flavour: Flavour = 'form') => checkedText(RULES.plate[flavour], isValidPlate).transform(normalizePlate);

export const vinField = (flavour: Flavour = 'form') => checkedText(RULES.vin[flavour], isValidVin).transform(normalizeVin);

export const cnpField = (flavour: Flavour = 'form') => checkedText(RULES.cnp[flavour], (v) => isValidCnp(v));

/** A CUI, sent without the RO prefix. */
export const cuiField = (flavour: Flavour = 'form') => checkedText(RULES.cui[flavour], isValidCui).transform(normalizeCui);

/** Romanian mobile, sent as `07xxxxxxxx`; `required` words the empty field for a form that names it. */
export const phoneField = (flavour: Flavour = 'form', required?: string) =>
  checkedText(required ? { ...RULES.phone[flavour], required } : RULES.phone[flavour], isValidRomanianMobile).transform(canonicalMobile);

/** An e-mail address; the backend keeps it in lower case. */
export const emailField = (flavour: Flavour = 'form') =>
  flavour === 'wire'
    ? z.string({ error: M.required }).trim().toLowerCase().max(190, M.emailTooLong).pipe(z.email({ error: M.email }))
    : z
        .string({ error: productMessages.emailRequired })
        .trim()
        .min(1, { error: productMessages.emailRequired, abort: true })
        .pipe(z.email(productMessages.email));

/** A person's first or last name, at most 100 characters; each form words "required" and "too long" its own way. */
export const personNameField = ({ required = M.required as string, tooLong = M.nameTooLong as string, stopWhenEmpty = false } = {}) =>
  z
    .string({ error: required })
    .overwrite(normalizeTypedText)
    .trim()
    .min(1, { error: required, abort: stopWhenEmpty })
    .max(100, tooLong)
    .refine(isValidPersonName, M.name);

/** The wire flavour of a name (the backend and the auth forms). */
export const nameField = personNameField();

/** The password policy's character rules (password-rules.ts); the common-password list is the backend's own check. */
export const passwordField = PASSWORD_CHARACTER_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string({ error: M.required }).min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.min).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.max),
);

/** A length cap's own message (a field's "required" error would otherwise word it too). */
const tooLong = (max: number) => `Maximum ${max} de caractere.`;

/** A postal address in Romania (the profile's and an order's): county from the list, town, street. */
export const addressFields = {
  county: z.string({ error: M.required }).trim().min(1, M.required).max(50, tooLong(50)).refine(isRomanianCounty, 'Alegeți județul din listă.'),
  town: z.string({ error: M.required }).overwrite(normalizeTypedText).trim().min(1, M.required).max(100, tooLong(100)).refine(isPlainText, M.plainText),
  street: z.string({ error: M.required }).overwrite(normalizeTypedText).trim().min(1, M.required).max(200, tooLong(200)).refine(isPlainText, M.plainText),
};

export const postalCodeField = z.string().trim().regex(/^\d{6}$/, 'Codul poștal are 6 cifre.');

export const isoDateField = z.string({ error: M.required }).refine(isValidDay, M.date);

/** Captcha token: optional, may be empty. */
export const captchaField = z.string().max(4000).optional().nullable();

/** Booleans as forms send them: true/false, "1"/"0", "true"/"false", 1/0. */
export const formBoolean = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1 || v === 'on') return true;
  if (v === 'false' || v === '0' || v === 0 || v === '' || v === 'off') return false;
  return v;
}, z.boolean());

// ── Form building blocks (what the form holds, strings from inputs, to what the backend expects) ──────────────

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
