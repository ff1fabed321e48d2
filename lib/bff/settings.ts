import { getServerEnv } from '@/lib/config/env';
import { sessionCookieNames, type SessionCookieNames } from '@/lib/session/cookies';

/** What the BFF needs from the configuration, computed once per process (no per-request work). */
export type BffSettings = {
  backendUrl: string;
  productsUrl: string;
  webOrigin: string;
  secure: boolean;
  names: SessionCookieNames;
  sessionSecret: string;
};

let cached: BffSettings | null = null;

export function bffSettings(): BffSettings {
  if (cached) return cached;
  const env = getServerEnv();
  const secure = env.SESSION_COOKIE_SECURE ?? (env.NODE_ENV === 'production' && env.WEB_APP_URL.startsWith('https://'));
  cached = {
    backendUrl: env.BACKEND_API_URL.replace(/\/+$/, ''),
    productsUrl: env.PRODUCTS_API_URL.replace(/\/+$/, ''),
    webOrigin: new URL(env.WEB_APP_URL).origin,
    secure,
    names: sessionCookieNames(secure),
    sessionSecret: env.SESSION_SECRET,
  };
  return cached;
}

/**
 * For tests.
 * @testSeam
 */
export function resetBffSettings() {
  cached = null;
}
