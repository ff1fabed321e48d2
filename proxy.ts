import { NextResponse, type NextRequest } from 'next/server';
import { getServerEnv } from '@/lib/config/env';
import {
  checkActiveSession,
  clearSessionCookies,
  sessionFromCookies,
  sessionSettings,
  setSessionCookie,
  signSessionState,
  verifySessionState,
  type ClientContext,
} from '@/lib/session/session';
import { twoFactorRedirect, type TwoFactorState } from '@/lib/session/two-factor-state';
import { clientIpOfHeaders } from '@/lib/net/client-ip';
import { isProductRoute, matchPartnerRoute } from '@/lib/proxy/partner-route';
import { findPartner } from '@/lib/partners/registry';
import { isMaintenanceActive } from '@/lib/proxy/maintenance-status';
import { REQUEST_ID_HEADER } from '@/lib/net/request-id';
import { buildCsp, createNonce, STATIC_SECURITY_HEADERS } from '@/lib/proxy/security-headers';
import { hasSecretLinkParams, SECRET_LINK_REFERRER_POLICY } from '@/lib/proxy/secret-links';
import { isNoStorePage, NO_STORE } from '@/lib/proxy/no-store-pages';

/**
 * Runs before every page (DESIGN.md "Requests"): maintenance redirect, partner-route rewrites, the guest/auth
 * gates of SPEC §6 and the two-factor routing of SPEC §4, all before any protected HTML is sent.
 * Pages and route handlers check the session again; this is never the only line of defence.
 */

/** Request headers only the proxy may set; anything a client sends under these names is dropped. */
export const INTERNAL_HEADERS = ['x-partner-code', 'x-partner-name', 'x-theme', 'x-pathname', 'x-client-ip', 'x-nonce'] as const;

/** The second-factor check itself is never redirected (the setup page is: a pending session goes to the check). */
const TWO_FACTOR_CHECK_PAGE = '/account/2fa-check';

function redirectTo(request: NextRequest, location: string) {
  return withSecurityHeaders(NextResponse.redirect(new URL(location, request.url)), null);
}

function withSecurityHeaders(response: NextResponse, csp: string | null): NextResponse {
  for (const { key, value } of STATIC_SECURITY_HEADERS) response.headers.set(key, value);
  if (csp) response.headers.set('Content-Security-Policy', csp);
  return response;
}

type SessionState = {
  /** The state from the signed cookie, when it is valid for this token. */
  verified: TwoFactorState | null;
  /** The backend's answer, asked only when the cookie could not tell (or to confirm an ended session). */
  fetched: TwoFactorState | 'unauthenticated' | null;
};

/**
 * What the proxy needs to know about a signed-in visitor's session for this path: the signed state cookie
 * (one HMAC), and check-active-session only when that cookie is missing or stale, or when the sign-in page
 * asks whether a session really ended. Null when the path needs neither.
 */
async function sessionStateOf(
  request: NextRequest,
  session: { token: string; stateCookie: string | undefined },
  pathname: string,
  client: ClientContext,
): Promise<SessionState | null> {
  if (pathname === '/authenticate' && !request.nextUrl.searchParams.has('reset_token')) {
    if (request.nextUrl.searchParams.get('session_ended') !== '1') return null;
    return { verified: null, fetched: await checkActiveSession(session.token, client) };
  }
  if (pathname === TWO_FACTOR_CHECK_PAGE) return null;
  const verified = await verifySessionState(session.stateCookie, session.token);
  if (verified) return { verified, fetched: null };
  return { verified: null, fetched: await checkActiveSession(session.token, client) };
}

export async function proxy(request: NextRequest) {
  const env = getServerEnv();
  const { names, secure } = sessionSettings();
  const url = request.nextUrl;
  const fullPath = `${url.pathname}${url.search}`;
  const client: ClientContext = {
    ip: clientIpOfHeaders(request.headers),
    userAgent: request.headers.get('user-agent') ?? '',
    signal: request.signal,
    requestId: request.headers.get(REQUEST_ID_HEADER),
  };

  const headers = new Headers(request.headers);
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  headers.set('x-pathname', url.pathname);
  headers.set('x-client-ip', client.ip);
  const nonce = createNonce();
  const csp = buildCsp({
    nonce,
    dev: env.NODE_ENV !== 'production',
    pusher: {
      wsHost: env.PUSHER_WS_HOST,
      wsPort: env.PUSHER_WS_PORT,
      forceTLS: env.PUSHER_FORCE_TLS,
      cluster: env.PUSHER_CLUSTER,
    },
    https: env.WEB_APP_URL.startsWith('https://'),
  });
  // Next.js reads the nonce from the request's CSP header and puts it on its own scripts.
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);

  // Partner routes are served by the base pages. A code of the partner registry passes on its code, name and
  // theme (README "Partners"); an unknown code gets the plain shop: no theme, no badge, no attribution.
  const partnerRoute = matchPartnerRoute(url.pathname);
  const pathname = partnerRoute ? partnerRoute.pathname : url.pathname;
  // The visit's partner keeps its theme on the pages around a purchase (thank-you, account, content); a plain
  // product route is the broker's own shop.
  const partnerCode = partnerRoute ? partnerRoute.partnerCode : isProductRoute(pathname) ? null : request.cookies.get(names.partner)?.value;
  const { token, stateCookie: sentState } = sessionFromCookies((name) => request.cookies.get(name)?.value);
  const isAccountPage = pathname === '/account' || pathname.startsWith('/account/');

  // Every backend read this request may need starts at once (issue 15): a cold render waits for the slowest of
  // them, never for their sum. The answers are then applied in the order of the rules below.
  const [maintenance, partner, session] = await Promise.all([
    url.pathname === '/maintenance'
      ? false
      : isMaintenanceActive(env.BACKEND_API_URL, Date.now(), request.headers.get(REQUEST_ID_HEADER)),
    partnerCode ? findPartner(env.BACKEND_API_URL, partnerCode) : null,
    token ? sessionStateOf(request, { token, stateCookie: sentState }, pathname, client) : null,
  ]);

  // Maintenance: every page but /maintenance itself goes there while it is on.
  if (maintenance) {
    return redirectTo(request, `/maintenance?last_url=${encodeURIComponent(fullPath)}`);
  }

  let partnerToRemember: string | null = null;
  let theme = false;
  if (partnerRoute) {
    if (partner) {
      headers.set('x-partner-code', partner.code);
      headers.set('x-partner-name', encodeURIComponent(partner.name));
      partnerToRemember = partner.code;
      theme = partner.theme_enabled;
    }
  } else {
    theme = partner?.theme_enabled ?? false;
  }
  if (theme) headers.set('x-theme', 'partner');

  if (!token && isAccountPage) {
    return redirectTo(request, `/authenticate?last_url=${encodeURIComponent(fullPath)}`);
  }
  // Guests only, except a mailed set-password/reset link: a customer still signed in after guest checkout
  // must reach the form (setting the password ends every session of the account).
  if (token && pathname === '/authenticate' && !url.searchParams.has('reset_token')) {
    // A session the backend ended (revoked from another device, expired) is dropped, so that its sign-in page can
    // open: only when the backend confirms it, so a link can sign nobody out.
    if (session?.fetched === 'unauthenticated') {
      const response = redirectTo(request, fullPath);
      clearSessionCookies(response.cookies);
      return response;
    }
    return redirectTo(request, '/');
  }

  let stateCookie: string | null = null;
  let clearSession = false;
  if (token && session && pathname !== TWO_FACTOR_CHECK_PAGE) {
    let state = session.verified;
    const fetched = session.fetched;
    if (!state) {
      if (fetched === 'unauthenticated') {
        clearSession = true;
      } else if (fetched) {
        state = fetched;
        stateCookie = await signSessionState(fetched, token);
      }
    }
    if (clearSession && isAccountPage) {
      const response = redirectTo(request, `/authenticate?last_url=${encodeURIComponent(fullPath)}&session_ended=1`);
      clearSessionCookies(response.cookies);
      return response;
    }
    const target = state ? twoFactorRedirect(state, pathname, fullPath) : null;
    if (target) {
      const response = redirectTo(request, target);
      if (stateCookie) setSessionCookie(response.cookies, 'state', stateCookie);
      return response;
    }
  }

  const response =
    pathname !== url.pathname
      ? NextResponse.rewrite(new URL(`${pathname}${url.search}`, request.url), { request: { headers } })
      : NextResponse.next({ request: { headers } });
  withSecurityHeaders(response, csp);
  // A page opened from a mailed link (reset or set-password, renewal) sends its token in no Referer.
  if (hasSecretLinkParams(url.searchParams)) response.headers.set('Referrer-Policy', SECRET_LINK_REFERRER_POLICY);
  // Account and sign-in pages (the two-factor key and recovery codes, a reset link's token) are never stored.
  if (isNoStorePage(pathname)) response.headers.set('Cache-Control', NO_STORE);
  if (stateCookie) setSessionCookie(response.cookies, 'state', stateCookie);
  if (clearSession) clearSessionCookies(response.cookies);
  if (partnerToRemember) {
    // A session cookie: the partner's theme stays for the visit (attribution stays with the quote).
    response.cookies.set(names.partner, partnerToRemember, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  }
  return response;
}

export const config = {
  matcher: [
    // Pages only: API, realtime auth, build manifest and static files are not gated here.
    // Health checks (answered by server/main.ts before Next.js) are never gated either.
    '/((?!api/|pusher/|builds/|healthz|readyz|_next/static|_next/image|favicon\\.ico|robots\\.txt|sitemap\\.xml|images/|icons/|fonts/).*)',
  ],
};
