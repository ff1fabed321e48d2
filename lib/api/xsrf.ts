/**
 * XSRF double-submit token of SPEC §9: the BFF issues the readable cookie `XSRF-TOKEN`; writes send its value
 * in `X-XSRF-TOKEN` (axios does it from xsrfCookieName/xsrfHeaderName; plain fetch callers use readXsrfToken()).
 */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * One cookie of `document.cookie` (the first of that name, decoded). Not the `cookie` package: it is CommonJS, so
 * all of it (the serializer and its checks, 1.5 KB gzip) went into the JavaScript of every page's first load.
 */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
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
