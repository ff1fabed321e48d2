import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from './client';
import { isApiError, isRecentSignInRequired } from './errors';
import type { TwoFactorProvider, TwoFactorProviderCode, UserTwoFactorProvider } from '@/contract/types';

/**
 * Two-factor calls of SPEC §7. They swallow errors (SPEC §8): null, false for remove, `sent: false` for generate-code. The error catalogue
 * has already run (a wrong code's 422 message is shown as a toast). The BFF fills `user_ip`/`user_agent` and
 * the `?token=` query with the session's values (lib/bff/forward.ts: the server's view wins); the browser
 * sends its user agent only. The two-factor store follows in lib/session/two-factor-providers.ts.
 */
function clientContext() {
  return { user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent };
}

async function swallow<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

export type QrCode = { secret: string; otpauth_url: string; qr_code: string };

/** The key to scan, or why there is none: `signInAgain` with the backend's reason when the session is too old for it. */
export type QrCodeAnswer = { qr: QrCode } | { qr: null; signInAgain: string | null };

/**
 * GET /api/v1/auth/two-factor/generate-qr-code?token=… (the BFF puts the access token in the query). A session
 * signed in too long ago gets no key for a first setup (403 recent_sign_in_required): its Romanian reason.
 */
export async function generateQrCode(): Promise<QrCodeAnswer> {
  try {
    return { qr: unwrap(await api.get<Envelope<QrCode>>('/api/v1/auth/two-factor/generate-qr-code')) };
  } catch (error) {
    return { qr: null, signInAgain: isRecentSignInRequired(error) && isApiError(error) ? error.prettyMessage : null };
  }
}

export type VerifyCodeInput = {
  token: string;
  provider_code: TwoFactorProviderCode;
  two_factor_code?: string;
  secret?: string;
  recovery_code?: string;
};

export type VerifyCodeResult = { is_verified: boolean; recovery_codes: string[] | null };

/** POST /api/v1/auth/two-factor/verify-code (setup with `secret`, check without, or a recovery code). */
export function verifyCode(input: VerifyCodeInput): Promise<VerifyCodeResult | null> {
  return swallow(async () =>
    unwrap(
      await api.post<Envelope<VerifyCodeResult>>('/api/v1/auth/two-factor/verify-code', { ...input, ...clientContext() }, FIELD_ERRORS_INLINE),
    ),
  );
}

export type RemoveTwoFactorInput = {
  token: string;
  provider_code: TwoFactorProviderCode;
  two_factor_code?: string;
  recovery_key?: string;
};

/** POST /api/v1/auth/two-factor/remove → is_removed; false on any error. */
export async function removeTwoFactor(input: RemoveTwoFactorInput): Promise<boolean> {
  const answer = await swallow(async () =>
    unwrap(await api.post<Envelope<{ is_removed: boolean }>>('/api/v1/auth/two-factor/remove', input, FIELD_ERRORS_INLINE)),
  );
  return answer?.is_removed === true;
}

export type CodeMailing = { sent: true; expires_in: number } | { sent: false; message: string | null };

/**
 * POST /api/v1/auth/two-factor/generate-code (email provider). Never throws: a refusal comes back as `sent: false`
 * with the backend's Romanian message when it has one (a 429 says how long to wait: 30 s, or up to an hour past
 * the hourly cap), else null.
 */
export async function generateCode(token: string, providerCode: TwoFactorProviderCode = 'email'): Promise<CodeMailing> {
  try {
    const answer = unwrap(
      await api.post<Envelope<{ sent: boolean; expires_in: number }>>('/api/v1/auth/two-factor/generate-code', {
        token,
        provider_code: providerCode,
        ...clientContext(),
      }),
    );
    return answer.sent ? { sent: true, expires_in: answer.expires_in } : { sent: false, message: null };
  } catch (error) {
    // A refusal's own reason (4xx); a 5xx or no answer has none worth more than the caller's "not sent".
    const refused = isApiError(error) && error.status >= 400 && error.status < 500;
    return { sent: false, message: refused ? error.prettyMessage : null };
  }
}

/** GET /api/v1/two-factor-auth-providers. */
export function listProviders(): Promise<TwoFactorProvider[] | null> {
  return swallow(async () => unwrap(await api.get<Envelope<TwoFactorProvider[]>>('/api/v1/two-factor-auth-providers')));
}

/** GET /api/v1/two-factor-auth-providers/user?token=… (the BFF puts the access token in the query). */
export function listUserProviders(): Promise<UserTwoFactorProvider[] | null> {
  return swallow(async () =>
    unwrap(await api.get<Envelope<UserTwoFactorProvider[]>>('/api/v1/two-factor-auth-providers/user')),
  );
}

/** The provider a check uses: the user's default enabled one, else any enabled one (null when none is). */
export function currentProvider(providers: UserTwoFactorProvider[] | null): UserTwoFactorProvider | null {
  if (!providers) return null;
  return providers.find((p) => p.is_enabled && p.is_default) ?? providers.find((p) => p.is_enabled) ?? null;
}
