import { z } from 'zod';
import { captchaField, emailField, formBoolean, M, nameField, passwordField, phoneField } from './fields';
// Every product the shop sells, the road vignettes included (one list with the quote schema).
import { PRODUCT_CODES } from './types';

/** Request bodies of the authentication endpoints (the auth forms share their fields and messages). */

/** A password or token typed in, never longer than 200 characters (its own message: the field's is "required"). */
const typedSecret = z.string({ error: M.required }).min(1, M.required).max(200, 'Maximum 200 de caractere.');

/** `POST /api/v1/auth/login`. */
export const loginBody = z.object({
  email: emailField('wire'),
  password: typedSecret,
  token: captchaField,
});

/** The second password must repeat the first (register, reset, change password). */
export const PASSWORDS_DIFFER = 'Parolele nu coincid.';

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: PASSWORDS_DIFFER });
  }
};

/** The fields of `POST /api/v1/auth/register` (the form derives from them), before the confirmation check. */
export const registerFields = z.object({
  email: emailField('wire'),
  phone_number: phoneField('wire'),
  last_name: nameField,
  first_name: nameField,
  password: passwordField,
  password_confirmation: z.string({ error: M.required }),
  is_default_password: formBoolean.optional().default(false),
  token: captchaField,
});

/** `POST /api/v1/auth/register`. */
export const registerBody = registerFields.superRefine(confirmed);

const guestCustomer = z.object({
  email: emailField('wire'),
  first_name: nameField,
  last_name: nameField,
  phone_number: phoneField('wire'),
});

/** `POST /api/v1/users/store-from-product-page`: a guest buyer gets an account. */
export const storeFromProductBody = z.object({
  customer: guestCustomer,
  product_id: z.enum(PRODUCT_CODES, { error: 'Produsul nu există.' }),
  token: captchaField,
});

/** `POST /api/v1/users/email-existence-check` and `POST /api/v1/auth/generate-reset-token`. */
export const emailOnlyBody = z.object({ email: emailField('wire'), token: captchaField });

/** The fields of `POST /api/v1/auth/reset-password`, before the confirmation check. */
export const resetPasswordFields = z.object({
  email: emailField('wire'),
  reset_token: typedSecret,
  password: passwordField,
  password_confirmation: z.string({ error: M.required }),
  token: captchaField,
});

/** `POST /api/v1/auth/reset-password`. */
export const resetPasswordBody = resetPasswordFields.superRefine(confirmed);

/** `POST /api/v1/auth/social/authentications/google`. */
export const googleBody = z.object({ token: z.string({ error: M.required }).min(1, M.required).max(5000) });

/** The fields of `POST /api/v1/auth/change-password`, before the confirmation check. */
export const changePasswordFields = z.object({
  current_password: typedSecret,
  password: passwordField,
  password_confirmation: z.string({ error: M.required }),
});

/** `POST /api/v1/auth/change-password`. */
export const changePasswordBody = changePasswordFields.superRefine(confirmed);
