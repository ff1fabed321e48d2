/**
 * The password policy in one place, shared by the web forms' zod schemas (lib/validation/auth.ts) and the
 * reference backend (contract/fields.ts, backend/src/lib/password-policy.ts). zod-free and list-free,
 * so that it costs nothing in a page's JavaScript. The check against common and breached passwords needs a
 * 50 000-word list and runs on the server only: the forms show its 422 next to the password field.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  min: 'Parola trebuie să aibă cel puțin 8 caractere.',
  max: 'Parola poate avea cel mult 200 de caractere.',
  lower: 'Parola trebuie să conțină cel puțin o literă mică.',
  upper: 'Parola trebuie să conțină cel puțin o literă mare.',
  digit: 'Parola trebuie să conțină cel puțin o cifră.',
  common: 'Această parolă este prea des folosită. Alegeți alta.',
  personal: 'Parola nu poate fi formată din numele sau adresa dumneavoastră de email. Alegeți alta.',
} as const;

export const PASSWORD_POLICY_HINT =
  'Cel puțin 8 caractere, cu o literă mică, o literă mare și o cifră; nu o parolă des folosită sau numele dumneavoastră.';

/** The character rules a zod schema refines with, in order. */
export const PASSWORD_CHARACTER_RULES: readonly { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => /[a-z]/.test(p), message: PASSWORD_MESSAGES.lower },
  { test: (p) => /[A-Z]/.test(p), message: PASSWORD_MESSAGES.upper },
  { test: (p) => /\d/.test(p), message: PASSWORD_MESSAGES.digit },
];
