import { logoutAtBff } from '@/lib/api/logout';
import { disconnectRealtime } from '@/lib/realtime/connection';
import { postTabMessage } from '@/lib/realtime/tab-channel';
import { clearAllDrafts } from '@/lib/shop/draft-store';
import { useAuthStore } from '@/stores/auth-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';

/**
 * Ends the session in this tab and every other tab (SPEC §4 inactivity, SPEC §8 401/403, manual logout):
 * clears the stored user, two-factor state and purchase drafts, closes realtime, asks the BFF to revoke the token and clear
 * the cookies, tells the other tabs, alerts when the session was ended for the user, and leaves the page.
 */
export const INACTIVITY_ALERT = 'Ați fost deconectat din cauza inactivității.';

/** `sign-in-again`: the customer chose to sign in again (a setup that needs a recent sign-in): no alert, back here after. */
export type EndReason = 'inactivity' | 'unauthorized' | 'manual' | 'sign-in-again';

export type EndSessionOptions = {
  reason: EndReason;
  /** Set when another tab ended the session: no backend call, no broadcast. */
  fromOtherTab?: boolean;
};

let ending = false;

/** The browser side effects, replaceable in tests (jsdom cannot navigate). */
export const sessionEndEffects = {
  alert: (message: string) => window.alert(message),
  navigate: (path: string) => window.location.assign(path),
};

/**
 * Where the browser goes after the session ended: home after a manual logout; otherwise sign-in, coming back
 * to the page the customer was on (`last_url`), and told why when the backend ended the session (revoked from
 * another device, expired: `session_ended=1`, which also lets proxy.ts drop a cookie the backend refuses).
 */
export function destinationAfter(reason: EndReason, currentPath: string | null = currentPathOf()): string {
  if (reason === 'manual') return '/';
  const query = new URLSearchParams();
  if (currentPath && currentPath !== '/' && !currentPath.startsWith('/authenticate')) query.set('last_url', currentPath);
  if (reason === 'unauthorized') query.set('session_ended', '1');
  const search = query.toString();
  return search ? `/authenticate?${search}` : '/authenticate';
}

function currentPathOf(): string | null {
  return typeof window === 'undefined' ? null : `${window.location.pathname}${window.location.search}`;
}


/**
 * A logout that did not reach the BFF leaves the httpOnly session cookie in place: /authenticate would send
 * the visitor back to a signed-in page whose inactivity guard ends the session again (alert → /authenticate →
 * / → alert …). The tab remembers it (sessionStorage), so the next attempt is silent and stays on the page, and
 * where the session's end was going (`to`, e.g. /authenticate?last_url=/account/2fa after "sign in again"), so the
 * logout finished later still goes there.
 */
export const PENDING_LOGOUT_KEY = 'bs:pending-logout';

export function hasPendingLogout(): boolean {
  try {
    return sessionStorage.getItem(PENDING_LOGOUT_KEY) !== null;
  } catch {
    return false;
  }
}

function setPendingLogout(pending: boolean, destination = '/authenticate'): void {
  try {
    if (pending) sessionStorage.setItem(PENDING_LOGOUT_KEY, JSON.stringify({ at: Date.now(), to: destination }));
    else sessionStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    /* storage disabled */
  }
}

/** Where the pending logout was going: a path of this site only (anything else, or an older marker: /authenticate). */
function pendingDestination(): string {
  try {
    const to = (JSON.parse(sessionStorage.getItem(PENDING_LOGOUT_KEY) ?? 'null') as { to?: unknown } | null)?.to;
    if (typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')) return to;
  } catch {
    /* not JSON (an older marker), or storage disabled */
  }
  return '/authenticate';
}

/**
 * Finishes a logout that failed earlier (InactivityGuard calls it on load, with backoff): once the BFF
 * answers, the marker goes and the tab goes to /authenticate, without a second alert.
 */
export async function resumePendingLogout(): Promise<boolean> {
  if (!hasPendingLogout()) return true;
  if (!(await logoutAtBff())) return false;
  const destination = pendingDestination();
  setPendingLogout(false);
  if (typeof window !== 'undefined') sessionEndEffects.navigate(destination);
  return true;
}

export function clearClientSession(): void {
  useAuthStore.getState().clear();
  useTwoFactorStore.getState().clear();
  // The purchase drafts (sessionStorage) outlive the navigation below: the next person in this tab must not get the
  // customer's name, CNP, plate or placed order back in the forms.
  clearAllDrafts();
  disconnectRealtime();
}

export async function endSession({ reason, fromOtherTab = false }: EndSessionOptions): Promise<void> {
  if (ending) return;
  ending = true;
  const alreadyAlerted = hasPendingLogout();
  clearClientSession();
  if (!fromOtherTab) {
    const loggedOut = await logoutAtBff();
    // Only now: a tab told earlier would reload while the session cookie still exists and come back signed in.
    if (!alreadyAlerted) postTabMessage({ type: 'logout', reason });
    setPendingLogout(!loggedOut, destinationAfter(reason));
    if (!loggedOut && alreadyAlerted) {
      // Still failing: no second alert, no navigation that would bounce back here; a later attempt finishes it.
      ending = false;
      return;
    }
  }
  if (typeof window === 'undefined') return;
  if (reason !== 'manual' && reason !== 'sign-in-again' && !alreadyAlerted) sessionEndEffects.alert(INACTIVITY_ALERT);
  // A full navigation: the server renders the next page without the session.
  sessionEndEffects.navigate(destinationAfter(reason));
}

/** Logout (the customer's own): revokes the token at the backend, clears cookies, stores and realtime, in every tab. */
export function logout(): Promise<void> {
  return endSession({ reason: 'manual' });
}

/**
 * For tests.
 * @testSeam
 */
export function resetSessionEnd() {
  ending = false;
  setPendingLogout(false);
}
