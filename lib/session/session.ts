import { USER_AGENT_MAX_LENGTH } from '@/contract/http';
import { getServerEnv } from '@/lib/config/env';
import { callBackend } from '@/lib/net/backend-call';
import { sessionCookieNames, sessionCookieOptions, type SessionCookieNames } from './cookies';
import { signTwoFactorState, stateFromActiveSession, verifyTwoFactorState, type ActiveSessionResponse, type TwoFactorState } from './two-factor-state';

/**
 * The session of a browser request, in one place for proxy.ts, the BFF (lib/bff/forward.ts and the web server's
 * read path, server/bff-fast-path.ts) and server components (lib/session/server.ts, lib/api/server.ts)
 * (README "Requests, session and security"):
 *
 * - the settings: which hosts answer the API, whether cookies are Secure and `__Host-` prefixed, their names;
 * - the session read from the request's cookies: the access token and the signed two-factor state cookie;
 * - the headers that carry the session and the client to the backend (bearer, X-Forwarded-For);
 * - check-active-session: the backend's two-factor state of a session, signed into the state cookie (bound to the
 *   token's hash, standing for 10 minutes: two-factor-state.ts) and verified from it;
 * - the cookie writes that start, refresh and end a session.
 *
 * No `next/*` import: proxy.ts, route handlers and node:http code all use it.
 */

/** What the session needs from the configuration, computed once per process (no per-request work). */
export type SessionSettings = {
  /** BACKEND_API_URL without trailing slashes. */
  backendUrl: string;
  /** PRODUCTS_API_URL without trailing slashes: the host of `/api/v1/products…`. */
  productsUrl: string;
  /** The origin of WEB_APP_URL (the BFF's CSRF check). */
  webOrigin: string;
  /** Session cookies are Secure and `__Host-` prefixed (SESSION_COOKIE_SECURE, by default on an https:// WEB_APP_URL). */
  secure: boolean;
  names: SessionCookieNames;
  /** SESSION_SECRET: signs the two-factor state cookie. */
  secret: string;
};

let cached: SessionSettings | null = null;

export function sessionSettings(): SessionSettings {
  if (cached) return cached;
  const env = getServerEnv();
  // By the origin alone, never by NODE_ENV: an https:// shop whose deployment forgot NODE_ENV=production still gets
  // Secure __Host- cookies (an http:// local run cannot set them).
  const secure = env.SESSION_COOKIE_SECURE ?? env.WEB_APP_URL.startsWith('https://');
  cached = {
    backendUrl: env.BACKEND_API_URL.replace(/\/+$/, ''),
    productsUrl: env.PRODUCTS_API_URL.replace(/\/+$/, ''),
    webOrigin: new URL(env.WEB_APP_URL).origin,
    secure,
    names: sessionCookieNames(secure),
    secret: env.SESSION_SECRET,
  };
  return cached;
}

/**
 * For tests.
 * @testSeam
 */
export function resetSessionSettings() {
  cached = null;
}

/** The host answering `/api/v1/{apiPath}`: the products host for `products` and below, else the backend. */
export function backendBaseFor(apiPath: string): string {
  const settings = sessionSettings();
  return apiPath === 'products' || apiPath.startsWith('products/') ? settings.productsUrl : settings.backendUrl;
}

/** What a request's cookies say about its session (not yet checked with anyone). */
export type RequestSession = {
  /** The backend's access token, null without a session. */
  token: string | null;
  /** The signed two-factor state cookie as sent (verify with verifySessionState). */
  stateCookie: string | undefined;
};

/** The session of a request, given how to read one of its cookies. */
export function sessionFromCookies(get: (name: string) => string | undefined): RequestSession {
  const { names } = sessionSettings();
  return { token: get(names.token) || null, stateCookie: get(names.state) || undefined };
}

/** Who is calling, as the backend is told: the client IP (lib/net/client-ip.ts) and user agent. */
export type ClientContext = {
  ip: string;
  userAgent: string;
  /** Cancels the backend call when the browser leaves. */
  signal?: AbortSignal | null;
  requestId?: string | null;
};

/** The headers that carry the session and the client to the backend: the bearer and X-Forwarded-For. */
export function sessionHeaders(token: string | null, ip: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  return headers;
}

/**
 * The `user_agent` of a two-factor body: the client's User-Agent cut to what the backend takes. A longer one was
 * refused (422), which turned the proxy's check-active-session into "could not tell" and let a password-only session
 * through to the account pages, and stopped a customer with such a browser at the second factor.
 */
export function userAgentField(userAgent: string): string {
  return userAgent.slice(0, USER_AGENT_MAX_LENGTH);
}

/**
 * The backend's two-factor state of the session of `token` (check-active-session, with the client's IP and
 * user agent): 'unauthenticated' when the backend says the session has ended (401), null when it could not tell
 * (unreachable, busy, any other answer).
 */
export async function checkActiveSession(token: string, client: ClientContext): Promise<TwoFactorState | 'unauthenticated' | null> {
  try {
    const res = await callBackend(
      `${sessionSettings().backendUrl}/api/v1/auth/two-factor/check-active-session`,
      {
        method: 'POST',
        headers: { ...sessionHeaders(token, client.ip), 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ user_agent: userAgentField(client.userAgent), user_ip: client.ip }),
      },
      { signal: client.signal, requestId: client.requestId },
    );
    if (res.status === 401) {
      await res.body?.cancel();
      return 'unauthenticated';
    }
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json()) as { data: ActiveSessionResponse };
    return stateFromActiveSession(body.data);
  } catch {
    return null;
  }
}

/** The state cookie's value for `state` of the session of `token`. */
export function signSessionState(state: TwoFactorState, token: string): Promise<string> {
  return signTwoFactorState(state, token, sessionSettings().secret);
}

/** The state in the cookie when it is authentic, belongs to `token` and is still fresh; null otherwise. */
export function verifySessionState(cookie: string | undefined, token: string): Promise<TwoFactorState | null> {
  return verifyTwoFactorState(cookie, token, sessionSettings().secret);
}

/** Asks the backend and signs its answer: the state cookie's value, null when the backend could not tell. */
export async function refreshSessionState(token: string, client: ClientContext): Promise<string | null> {
  const state = await checkActiveSession(token, client);
  return state && state !== 'unauthenticated' ? signSessionState(state, token) : null;
}

/** The cookie jar of a response (NextResponse.cookies). */
type CookieWriter = { set(name: string, value: string, options: ReturnType<typeof sessionCookieOptions>): unknown };

/** Sets the token or state cookie: httpOnly, SameSite=Lax, Secure and `__Host-` over HTTPS. */
export function setSessionCookie(jar: CookieWriter, which: 'token' | 'state', value: string) {
  const { names, secure } = sessionSettings();
  jar.set(names[which], value, sessionCookieOptions(secure));
}

/** Ends the session in the browser: token and state cookies expired, with the attributes they were set with. */
export function clearSessionCookies(jar: CookieWriter, which: ReadonlyArray<'token' | 'state'> = ['token', 'state']) {
  const { names, secure } = sessionSettings();
  for (const name of which) jar.set(names[name], '', sessionCookieOptions(secure, 0));
}
