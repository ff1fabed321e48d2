import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/api/errors';
import { backendFetch } from '@/lib/api/server';
import type { Preferences } from '@/lib/api/types';
import { getSessionToken } from '@/lib/session/server';
import type { DateLocaleCode } from '@/lib/time';

/**
 * Server only (uses the session cookie). Data access layer of the account pages: every page checks the session again on the server (proxy.ts is
 * never the only gate) and sends a visitor without one, or with an expired one, to sign in and come back.
 */
function signInPath(returnPath: string, sessionEnded = false): string {
  return `/authenticate?last_url=${encodeURIComponent(returnPath)}${sessionEnded ? '&session_ended=1' : ''}`;
}

export async function requireCustomer(returnPath: string): Promise<string> {
  const token = await getSessionToken();
  if (!token) redirect(signInPath(returnPath));
  return token;
}

/** Loads account data with the session's bearer; a 401 (expired or revoked session) goes to sign-in. */
export async function loadForCustomer<T>(returnPath: string, path: string): Promise<T> {
  const token = await requireCustomer(returnPath);
  try {
    return await backendFetch<T>(path, { token });
  } catch (error) {
    // Revoked from another device or expired: sign in again, told why, and come back here.
    if (isApiError(error) && error.status === 401) redirect(signInPath(returnPath, true));
    throw error;
  }
}

/** The customer's preferred language of dates; Romanian when the preferences cannot be read. */
export async function customerDateLocale(token: string): Promise<DateLocaleCode> {
  try {
    return (await backendFetch<Preferences>('/api/v1/preferences', { token })).date_locale ?? 'ro';
  } catch {
    return 'ro';
  }
}
