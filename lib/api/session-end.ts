import { useAuthStore } from '@/stores/auth-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';
import { disconnectRealtime } from '@/lib/realtime/connection';
import { postTabMessage } from '@/lib/realtime/tab-channel';
import { readXsrfToken, XSRF_HEADER_NAME } from './xsrf';

/**
 * Ends the session in this tab and every other tab (SPEC §4 inactivity, SPEC §8 401/403, manual logout):
 * clears the stored user and two-factor state, closes realtime, asks the BFF to revoke the token and clear
 * the cookies, tells the other tabs, alerts when the session was ended for the user, and leaves the page.
 */
export const INACTIVITY_ALERT = 'Ați fost deconectat din cauza inactivității.';

export type EndReason = 'inactivity' | 'unauthorized' | 'manual';

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

export function destinationAfter(reason: EndReason): string {
  return reason === 'manual' ? '/' : '/authenticate';
}


/** Plain fetch (not the axios client): a 401 here must not re-enter the error catalogue. */
export async function logoutAtBff(): Promise<void> {
  try {
    await fetch('/api/v1/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [XSRF_HEADER_NAME]: readXsrfToken() ?? '', Accept: 'application/json' },
    });
  } catch {
    /* offline: the cookie stays until the backend rejects it; the stores are cleared anyway */
  }
}

export function clearClientSession(): void {
  useAuthStore.getState().clear();
  useTwoFactorStore.getState().clear();
  disconnectRealtime();
}

export async function endSession({ reason, fromOtherTab = false }: EndSessionOptions): Promise<void> {
  if (ending) return;
  ending = true;
  clearClientSession();
  if (!fromOtherTab) {
    postTabMessage({ type: 'logout', reason });
    await logoutAtBff();
  }
  if (typeof window === 'undefined') return;
  if (reason !== 'manual') sessionEndEffects.alert(INACTIVITY_ALERT);
  // A full navigation: the server renders the next page without the session.
  sessionEndEffects.navigate(destinationAfter(reason));
}

/** For tests. */
export function resetSessionEnd() {
  ending = false;
}
