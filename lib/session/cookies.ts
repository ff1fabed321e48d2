/**
 * Names and flags of the session cookies (DESIGN.md "Requests").
 *
 * - The access token cookie holds the backend's bearer token: httpOnly, SameSite=Lax, never readable by scripts.
 * - The state cookie holds the signed two-factor state of this session (see two-factor-state.ts), so that
 *   proxy.ts can apply SPEC §4's routing without a backend call on every navigation.
 * - Secure and `__Host-` prefixed when `secure` is true (production default).
 */
export type SessionCookieNames = { token: string; state: string; partner: string };

export function sessionCookieNames(secure: boolean): SessionCookieNames {
  const prefix = secure ? '__Host-' : '';
  return { token: `${prefix}bs_session`, state: `${prefix}bs_2fa`, partner: `${prefix}bs_partner` };
}

/** 30 days: the backend's token lifetime decides the real end of a session. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function sessionCookieOptions(secure: boolean, maxAge: number = SESSION_MAX_AGE_SECONDS) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge };
}

/** XSRF cookie/header names of SPEC §9. The cookie is readable by scripts on purpose (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
