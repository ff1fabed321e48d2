import { z } from 'zod';
import { captchaField } from './fields';
import { USER_AGENT_MAX_LENGTH } from './http';
import { TWO_FACTOR_PROVIDER_CODES } from './types';

/**
 * Request bodies of the two-factor endpoints. `user_ip` is only capped here: what counts as an IP address is the
 * backend's own check (backend/src/lib/http.ts `normalIp`), which its routes add by extending these bodies.
 */

const providerCode = z.enum(TWO_FACTOR_PROVIDER_CODES, { error: 'Metoda de autentificare nu există.' });

/** A one-time code as the backend takes it: spaces removed (the form also checks it is 6 digits). */
export const twoFactorCodeField = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''));

export const RECOVERY_CODE_MAX_LENGTH = 50;

/** A recovery code (the form also checks it is filled in). */
export const recoveryCodeField = z.string().max(RECOVERY_CODE_MAX_LENGTH);

const optionalCode = twoFactorCodeField.optional().nullable();
const optionalRecovery = recoveryCodeField.optional().nullable();

/** The device the request comes from, informational. */
const twoFactorClientInfo = {
  user_agent: z.string().max(USER_AGENT_MAX_LENGTH).optional().nullable(),
  user_ip: z.string().max(100).optional().nullable(),
};

/** `POST /api/v1/auth/two-factor/verify-code`. */
export const verifyTwoFactorBody = z.object({
  token: captchaField,
  two_factor_code: optionalCode,
  secret: z.string().max(200).optional().nullable(),
  provider_code: providerCode.optional().nullable(),
  recovery_code: optionalRecovery,
  /** Setting two-factor up again while it is on: a current code or a recovery code of the enabled factor. */
  current_two_factor_code: optionalCode,
  current_recovery_code: optionalRecovery,
  ...twoFactorClientInfo,
});

/** `POST /api/v1/auth/two-factor/remove`. */
export const removeTwoFactorBody = z.object({
  token: captchaField,
  recovery_key: optionalRecovery,
  two_factor_code: optionalCode,
  provider_code: providerCode.optional().nullable(),
});

/** `POST /api/v1/auth/two-factor/generate-code`. */
export const generateTwoFactorCodeBody = z.object({
  token: captchaField,
  provider_code: z.literal('email', { error: 'Metoda de autentificare nu există.' }),
  ...twoFactorClientInfo,
});

/** `POST /api/v1/auth/two-factor/check-active-session`. */
export const twoFactorCheckBody = z.object(twoFactorClientInfo);
