import { cookies } from 'next/headers';
import { getServerEnv } from '@/lib/config/env';
import { sessionCookieNames } from '@/lib/session/cookies';

/** Whether session cookies are Secure and __Host- prefixed. */
export function cookiesAreSecure(): boolean {
  const env = getServerEnv();
  return env.SESSION_COOKIE_SECURE ?? (env.NODE_ENV === 'production' && env.WEB_APP_URL.startsWith('https://'));
}

export function currentCookieNames() {
  return sessionCookieNames(cookiesAreSecure());
}

/** The backend access token of this request's session, read on the server only. */
export async function getSessionToken(): Promise<string | null> {
  const jar = await cookies();
  return jar.get(currentCookieNames().token)?.value || null;
}

export async function isSignedIn(): Promise<boolean> {
  return (await getSessionToken()) !== null;
}

