import type { z } from 'zod';

/**
 * What the two-factor check and turning two-factor off ask for: a current 6-digit code or an unused recovery
 * code, by `method`. Both inputs live in the form; the schema keeps only the chosen one.
 */
export type TwoFactorSecretValues = { method: 'code' | 'recovery'; two_factor_code: string; recovery_key: string };

export type TwoFactorSecret = { method: 'code'; two_factor_code: string } | { method: 'recovery'; recovery_key: string };

export const NO_TWO_FACTOR_SECRET: TwoFactorSecretValues = { method: 'code', two_factor_code: '', recovery_key: '' };

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
export const loadTwoFactorSecretSchema = () =>
  import('@/lib/validation/auth').then(
    (m) => m.removeTwoFactorSchema as unknown as z.ZodType<TwoFactorSecret, TwoFactorSecretValues>,
  );
