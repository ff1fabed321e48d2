import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/session/cookies';
import { pooledRandomBytes } from '@/lib/crypto/random-pool';
import { jsonError, WRITE_METHODS } from './request';

/**
 * Cross-site request protection of the BFF's writes (SPEC §9 names, DESIGN.md):
 *  - double submit: the readable `XSRF-TOKEN` cookie (SameSite=Lax, set by any BFF response that lacks it and by
 *    GET /api/xsrf) must equal the `X-XSRF-TOKEN` header. A cross-site page can neither read the cookie nor set
 *    the header without a CORS preflight, which the BFF never grants;
 *  - Origin: when the browser sends one, it must be the app's own (WEB_APP_URL or the request's own host).
 */
export const CSRF_FAILED_MESSAGE = 'Cererea nu a putut fi verificată. Reîncărcați pagina și încercați din nou.';

const TOKEN_BYTES = 24;

export function newXsrfToken(): string {
  const bytes = pooledRandomBytes(TOKEN_BYTES);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function originAllowed(request: Request, webOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  if (origin === webOrigin) return true;
  try {
    const host = request.headers.get('host');
    const url = new URL(origin);
    // The same host under the public origin's scheme only: behind a TLS-terminating balancer the request itself
    // arrives over http, but a page of the same host served over http (a network attacker's) is not the shop.
    const sameHost = host !== null && url.host === host && url.protocol === new URL(webOrigin).protocol;
    return sameHost || url.origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/** A 403 response when a write fails the checks, else null. Reads always pass. */
export function refuseForgedWrite(request: Request, cookies: Map<string, string>, webOrigin: string): Response | null {
  if (!WRITE_METHODS.has(request.method)) return null;
  const cookie = cookies.get(XSRF_COOKIE) ?? '';
  const header = request.headers.get(XSRF_HEADER) ?? '';
  if (!originAllowed(request, webOrigin)) {
    return jsonError(403, 'csrf_failed', 'Origin not allowed', CSRF_FAILED_MESSAGE);
  }
  if (cookie === '' || !timingSafeEqual(cookie, header)) {
    return jsonError(403, 'csrf_failed', 'XSRF token missing or invalid', CSRF_FAILED_MESSAGE);
  }
  return null;
}

/** Options of the XSRF cookie: readable by scripts on purpose (the client copies it into the header). */
export function xsrfCookieOptions(secure: boolean) {
  return { httpOnly: false, sameSite: 'lax' as const, secure, path: '/' };
}

export { XSRF_COOKIE };
