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
