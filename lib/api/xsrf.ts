import { parseCookie } from 'cookie';

/**
 * XSRF double-submit token of SPEC §9: the BFF issues the readable cookie `XSRF-TOKEN`; writes send its value
 * in `X-XSRF-TOKEN` (axios does it from xsrfCookieName/xsrfHeaderName; plain fetch callers use readXsrfToken()).
 */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return parseCookie(document.cookie)[name] ?? null;
}

export function readXsrfToken(): string | null {
  return readCookie(XSRF_COOKIE_NAME);
}

let inFlight: Promise<void> | null = null;

/** Makes sure the XSRF cookie exists before a write (the BFF issues it from GET /api/xsrf); shared in flight. */
export function ensureXsrfCookie(): Promise<void> {
  if (typeof document === 'undefined' || readXsrfToken()) return Promise.resolve();
  inFlight ??= fetch('/api/xsrf', { credentials: 'same-origin', cache: 'no-store' })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
