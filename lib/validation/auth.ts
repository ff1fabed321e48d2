import { z } from 'zod';
import { canonicalMobile, isValidPersonName, isValidRomanianMobile } from '@/contract/formats';
import { PASSWORD_CHARACTER_RULES, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@/contract/password-rules';

/**
 * Zod schemas of every authentication form (sign in, registration, password reset, change password,
 * two-factor codes). The forms validate with them in the browser; the messages are the backend's own
 * (backend/src/lib/validation.ts) so that a browser error and a server 422 read the same.
 */

export const AUTH_MESSAGES = {
  required: 'Câmpul este obligatoriu.',
  email: 'Adresa de email nu este validă.',
  emailTooLong: 'Maximum 190 de caractere.',
  phone: 'Numărul de telefon nu este valid (07xxxxxxxx).',
  name: 'Folosiți doar litere, spații și cratime.',
  nameTooLong: 'Maximum 100 de caractere.',
  passwordMin: PASSWORD_MESSAGES.min,
  passwordMax: PASSWORD_MESSAGES.max,
  passwordLower: PASSWORD_MESSAGES.lower,
  passwordUpper: PASSWORD_MESSAGES.upper,
  passwordDigit: PASSWORD_MESSAGES.digit,
  passwordRequired: 'Introduceți parola.',
  confirmationMismatch: 'Parolele nu coincid.',
  terms: 'Trebuie să acceptați termenii și condițiile.',
  dataProcessing: 'Trebuie să vă dați acordul pentru prelucrarea datelor personale.',
  code: 'Codul are 6 cifre.',
  recoveryCode: 'Introduceți un cod de recuperare.',
  resetToken: 'Linkul de resetare nu este valid.',
} as const;

const M = AUTH_MESSAGES;

export const emailField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(190, M.emailTooLong)
  .pipe(z.email({ error: M.email }))
  .transform((v) => v.toLowerCase());

/**
 * The password policy's character rules (lib/validation/password-rules.ts). The common/breached-password and
 * own-name checks run on the server only (their list stays out of the browser); their 422 shows on the field.
 */
export const passwordField = PASSWORD_CHARACTER_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string({ error: M.required }).min(PASSWORD_MIN_LENGTH, M.passwordMin).max(PASSWORD_MAX_LENGTH, M.passwordMax),
);

/** Sign-in accepts any non-empty password: older accounts may predate the policy. */
export const currentPasswordField = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired);

export const nameField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(100, M.nameTooLong)
  .refine(isValidPersonName, M.name);

/** Romanian mobile number, sent to the backend as 07xxxxxxxx. */
export const phoneField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .refine(isValidRomanianMobile, M.phone)
  .transform(canonicalMobile);

const consent = (message: string) => z.literal(true, { error: message });

/** Adds the "passwords do not match" issue on password_confirmation, even while other fields are invalid. */
function withConfirmation<T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(schema: T) {
  return schema.refine(
    (v: { password?: unknown; password_confirmation?: unknown }) => v.password === v.password_confirmation,
    {
      message: M.confirmationMismatch,
      path: ['password_confirmation'],
      when: (payload) => {
        const v = payload.value as { password?: unknown; password_confirmation?: unknown };
        return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string' && v.password_confirmation !== '';
      },
    },
  );
}

export const emailStepSchema = z.object({ email: emailField });

export const loginSchema = z.object({ email: emailField, password: currentPasswordField });

export const registerSchema = withConfirmation(
  z.object({
    email: emailField,
    first_name: nameField,
    last_name: nameField,
    phone_number: phoneField,
    password: passwordField,
    password_confirmation: z.string({ error: M.required }).min(1, M.required),
    terms: consent(M.terms),
    data_processing: consent(M.dataProcessing),
  }),
);

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = withConfirmation(
  z.object({
    email: emailField,
    reset_token: z.string({ error: M.resetToken }).trim().min(1, M.resetToken),
    password: passwordField,
    password_confirmation: z.string({ error: M.required }).min(1, M.required),
  }),
);

export const changePasswordSchema = withConfirmation(
  z.object({
    current_password: currentPasswordField,
    password: passwordField,
    password_confirmation: z.string({ error: M.required }).min(1, M.required),
  }),
);

/** A 6-digit one-time code; spaces and hyphens a user pastes are removed. */
export const otpCodeField = z
  .string({ error: M.code })
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.code));

export const recoveryCodeField = z
  .string({ error: M.recoveryCode })
  .trim()
  .min(1, M.recoveryCode)
  .max(64, M.recoveryCode);

/** Turning two-factor off needs a current code or an unused recovery code. */
export const removeTwoFactorSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('code'), two_factor_code: otpCodeField }),
  z.object({ method: z.literal('recovery'), recovery_key: recoveryCodeField }),
]);

export type LoginValues = z.output<typeof loginSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;
