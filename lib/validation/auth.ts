import { z } from 'zod';
import { changePasswordFields, emailOnlyBody, loginBody, PASSWORDS_DIFFER, registerFields, resetPasswordFields } from '@/contract/auth';
import { M as WIRE } from '@/contract/fields';
import { PASSWORD_MESSAGES } from '@/contract/password-rules';
import {
  RECOVERY_CODE_MAX_LENGTH,
  recoveryCodeField as wireRecoveryCodeField,
  removeTwoFactorBody,
  twoFactorCodeField,
  verifyTwoFactorBody,
} from '@/contract/two-factor';

/**
 * Zod schemas of every authentication form (sign in, registration, password reset, change password,
 * two-factor codes). The forms validate with them in the browser; the fields and messages are the API
 * contract's wire flavour (contract/fields.ts), the backend's own, so that a browser error and a server 422 read the same.
 */

export const AUTH_MESSAGES = {
  required: WIRE.required,
  email: WIRE.email,
  emailTooLong: WIRE.emailTooLong,
  phone: WIRE.phone,
  name: WIRE.name,
  nameTooLong: WIRE.nameTooLong,
  passwordMin: PASSWORD_MESSAGES.min,
  passwordMax: PASSWORD_MESSAGES.max,
  passwordLower: PASSWORD_MESSAGES.lower,
  passwordUpper: PASSWORD_MESSAGES.upper,
  passwordDigit: PASSWORD_MESSAGES.digit,
  passwordRequired: 'Introduceți parola.',
  confirmationMismatch: PASSWORDS_DIFFER,
  terms: 'Trebuie să acceptați termenii și condițiile.',
  dataProcessing: 'Trebuie să vă dați acordul pentru prelucrarea datelor personale.',
  code: 'Codul are 6 cifre.',
  recoveryCode: 'Introduceți un cod de recuperare.',
  resetToken: 'Linkul de resetare nu este valid.',
} as const;

const M = AUTH_MESSAGES;

/**
 * Each field is the endpoint's own (contract/auth.ts, contract/two-factor.ts); a form only puts its own wording for
 * an empty field in front of it (the endpoint's "not valid" would read oddly for a field not yet filled in).
 */
export const emailField = z.string({ error: M.required }).trim().min(1, M.required).pipe(loginBody.shape.email);

/** Sign-in accepts any non-empty password: older accounts may predate the policy. */
export const currentPasswordField = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).pipe(loginBody.shape.password);

const confirmationField = registerFields.shape.password_confirmation.min(1, M.required);

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

/** The forms send what the endpoint takes, less the captcha token (added at submit). */
const noToken = { token: true } as const;

export const emailStepSchema = emailOnlyBody.omit(noToken).extend({ email: emailField });

export const loginSchema = loginBody.omit(noToken).extend({ email: emailField, password: currentPasswordField });

export const registerSchema = withConfirmation(
  registerFields.omit({ ...noToken, is_default_password: true }).extend({
    email: emailField,
    password_confirmation: confirmationField,
    terms: consent(M.terms),
    data_processing: consent(M.dataProcessing),
  }),
);

export const forgotPasswordSchema = emailOnlyBody.omit(noToken).extend({ email: emailField });

export const resetPasswordSchema = withConfirmation(
  resetPasswordFields.omit(noToken).extend({
    email: emailField,
    reset_token: z.string({ error: M.resetToken }).trim().min(1, M.resetToken).pipe(resetPasswordFields.shape.reset_token),
    password_confirmation: confirmationField,
  }),
);

export const changePasswordSchema = withConfirmation(
  changePasswordFields.extend({
    current_password: currentPasswordField.pipe(changePasswordFields.shape.current_password),
    password_confirmation: confirmationField,
  }),
);

/** A 6-digit one-time code; spaces and hyphens a user pastes are removed. */
export const otpCodeField = z
  .string({ error: M.code })
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.code))
  .pipe(twoFactorCodeField);

export const recoveryCodeField = z
  .string({ error: M.recoveryCode })
  .trim()
  .min(1, M.recoveryCode)
  .max(RECOVERY_CODE_MAX_LENGTH, M.recoveryCode)
  .pipe(wireRecoveryCodeField);

/** Confirming a new two-factor method: the code the app shows or the email brought (`verify-code`). */
export const twoFactorCodeSchema = verifyTwoFactorBody.pick({ two_factor_code: true }).extend({ two_factor_code: otpCodeField });

/** The two-factor method chosen at setup. */
export const twoFactorProviderSchema = z.object({ provider: z.enum(['authenticator', 'email']) });

/** The two-factor check and turning two-factor off (`remove`) need a current code or an unused recovery code. */
export const removeTwoFactorSchema = z.discriminatedUnion('method', [
  removeTwoFactorBody.pick({ two_factor_code: true }).extend({ method: z.literal('code'), two_factor_code: otpCodeField }),
  removeTwoFactorBody.pick({ recovery_key: true }).extend({ method: z.literal('recovery'), recovery_key: recoveryCodeField }),
]);

export type LoginValues = z.output<typeof loginSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;
