import { readXsrfToken, XSRF_HEADER_NAME } from './xsrf';

/**
 * POST /api/v1/auth/logout, by plain fetch (not the axios client): a 401 here must not re-enter the error
 * catalogue. True when the BFF answered (it clears the session cookies whatever the backend says); false
 * offline or on a failed answer. lib/session/end-session.ts ends the session around it.
 */
export async function logoutAtBff(): Promise<boolean> {
  try {
    const res = await fetch('/api/v1/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [XSRF_HEADER_NAME]: readXsrfToken() ?? '', Accept: 'application/json' },
    });
    return res.ok;
  } catch {
    return false; // offline: the cookie stays (end-session clears the stores anyway)
  }
}

/**
 * Tells the backend the session is in use (components/providers/inactivity.ts calls it on activity, at most every
 * few minutes): the backend ends a session unused for an hour. A plain read by fetch, its answer ignored: a 401 or
 * 403 here is for the next real call to handle, never a reason to end the session from a background ping.
 */
export async function keepSessionAlive(): Promise<void> {
  try {
    await fetch('/api/v1/auth/user', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    /* offline: the next activity tries again after the interval */
  }
}
