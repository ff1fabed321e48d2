import { redirect } from 'next/navigation';
import { isApiError, isTwoFactorRequired, isTwoFactorSetupRequired } from '@/lib/api/errors';
import { backendFetch } from '@/lib/api/server';
import type { Preferences } from '@/contract/types';
import { getSessionToken, requestClient } from '@/lib/session/server';
import { checkActiveSession } from '@/lib/session/session';
import { twoFactorCheckPath, twoFactorRedirect, twoFactorSetupPath, type TwoFactorState } from '@/lib/session/two-factor-state';
import type { DateLocaleCode } from '@/contract/locales';

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

/**
 * Loads account data with the session's bearer; a 401 (expired or revoked session) goes to sign-in, a 403
 * `two_factor_required` (the session owes the second factor, e.g. two-factor was turned on from another
 * device since) to the second-factor check, a 403 `two_factor_setup_required` (the account must set two-factor up
 * first, e.g. made required since the state cookie was signed) to the setup page.
 */
export async function loadForCustomer<T>(returnPath: string, path: string): Promise<T> {
  const token = await requireCustomer(returnPath);
  try {
    return await backendFetch<T>(path, { token });
  } catch (error) {
    // Revoked from another device or expired: sign in again, told why, and come back here.
    if (isApiError(error) && error.status === 401) redirect(signInPath(returnPath, true));
    if (isTwoFactorRequired(error)) redirect(twoFactorCheckPath(returnPath));
    if (isTwoFactorSetupRequired(error)) redirect(twoFactorSetupPath(returnPath));
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

/**
 * The pages whose data loads in the browser (/account/2fa, /account/security) apply SPEC §4's two-factor routing
 * themselves, from the backend's answer: a session that owes the second factor goes to the check first (setting
 * two-factor up again while it is on needs a session that passed it; issue 13), one whose account must set
 * two-factor up goes to /account/2fa (which it may open). proxy.ts does the same from the signed state cookie; this
 * asks the backend, so a stale cookie cannot open the page. Returns the backend's answer for the page to show (null:
 * the backend could not tell).
 */
export async function routeByTwoFactorState(returnPath: string): Promise<TwoFactorState | null> {
  const token = await requireCustomer(returnPath);
  const state = await checkActiveSession(token, (await requestClient()) ?? { ip: '127.0.0.1', userAgent: '' });
  if (state === 'unauthenticated') redirect(signInPath(returnPath));
  // null: backend unavailable; the calls themselves are refused for such a session (403, handled by the catalogue).
  const target = state ? twoFactorRedirect(state, returnPath.split('?')[0], returnPath) : null;
  if (target) redirect(target);
  return state;
}
