import { NextResponse } from 'next/server';
import { PAYLOAD_TOO_LARGE } from '@/contract/http';
import {
  backendBaseFor,
  clearSessionCookies,
  refreshSessionState,
  sessionFromCookies,
  sessionHeaders,
  sessionSettings,
  setSessionCookie,
  type ClientContext,
  type SessionSettings,
  userAgentField,
} from '@/lib/session/session';
import { clientIpOfHeaders } from '@/lib/net/client-ip';
import { FORWARDED_REQUEST_HEADERS, FORWARDED_RESPONSE_HEADERS, isForwardable, QUERY_TOKEN_PATHS } from './allowlist';
import { newXsrfToken, refuseForgedWrite, XSRF_COOKIE, xsrfCookieOptions } from './csrf';
import { BodyTooLargeError, parseCookies, readBodyWithin } from './request';
import { BackendCallError, backendCallFailure, backendFailureResponse, callBackend } from '@/lib/net/backend-call';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/net/request-id';
import { log } from '@/lib/server/log';
import { revokeAtBackend } from './session-revocation';

/**
 * The BFF (DESIGN.md "Requests"): forwards /api/v1/* from the browser to the backend (products calls to the
 * products host) with the session's bearer and the client's IP, keeps the access token in an httpOnly cookie,
 * and keeps the signed two-factor state cookie of proxy.ts up to date. Per request it does only the forward:
 * bodies are buffered once (≤ 1 MiB at the backend), JSON is parsed only on the few calls that need it.
 */

/** Answers carrying `access_token` (SPEC §7): the cookie is set and the token removed. */
const TOKEN_PATHS = new Set([
  'auth/login',
  'auth/register',
  'auth/social/authentications/google',
  'users/store-from-product-page',
]);
/** After these succeed, the two-factor state of the session changed: re-read and re-sign it. */
const STATE_CHANGING_PATHS = new Set(['auth/two-factor/verify-code', 'auth/two-factor/remove']);
/** Bodies that carry the client's `user_ip` / `user_agent`. */
const CLIENT_CONTEXT_PATHS = new Set([
  'auth/two-factor/verify-code',
  'auth/two-factor/check-active-session',
  'auth/two-factor/generate-code',
]);
const LOGOUT_PATH = 'auth/logout';

type Context = {
  request: Request;
  settings: SessionSettings;
  cookies: Map<string, string>;
  token: string | null;
  clientIp: string;
  userAgent: string;
  /** X-Request-Id (server/main.ts sets it on every request), sent to the backend and logged. */
  requestId: string;
};

function contextOf(request: Request): Context {
  const cookies = parseCookies(request.headers.get('cookie'));
  return {
    request,
    settings: sessionSettings(),
    cookies,
    token: sessionFromCookies((name) => cookies.get(name)).token,
    clientIp: clientIpOfHeaders(request.headers),
    userAgent: request.headers.get('user-agent') ?? '',
    requestId: requestIdFrom(request.headers.get(REQUEST_ID_HEADER)),
  };
}

/** The client as check-active-session is told about it. */
function clientOf(ctx: Context): ClientContext {
  return { ip: ctx.clientIp, userAgent: ctx.userAgent, signal: ctx.request.signal, requestId: ctx.requestId };
}

/** A bounded call to the backend for this browser request: timeout, cancelled when the browser leaves. */
function upstreamCall(ctx: Context, url: string, init: RequestInit): Promise<Response> {
  return callBackend(url, init, { signal: ctx.request.signal, requestId: ctx.requestId });
}

/** The answer for a backend call that failed (504 timeout, 503 busy, 502 unreachable), logged with its id. */
function upstreamFailure(ctx: Context, error: unknown, target: string): NextResponse {
  const failure = error instanceof BackendCallError ? error : new BackendCallError('unreachable', String(error), { cause: error });
  if (failure.kind !== 'aborted') {
    log('warn', 'backend call failed', { request_id: ctx.requestId, kind: failure.kind, method: ctx.request.method, target });
  }
  const answer = backendFailureResponse(failure, ctx.requestId);
  const response = new NextResponse(answer.body, { status: answer.status, headers: answer.headers });
  return finish(response, ctx, failure.status);
}

function upstreamHeaders(ctx: Context, token: string | null): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = ctx.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(sessionHeaders(token, ctx.clientIp))) headers.set(name, value);
  return headers;
}

function copyResponseHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return headers;
}

/** Sets the XSRF cookie on any BFF answer when the browser does not have one yet. */
export function ensureXsrfCookie(response: NextResponse, ctx: { cookies: Map<string, string>; settings: SessionSettings }) {
  if (!ctx.cookies.get(XSRF_COOKIE)) response.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(ctx.settings.secure));
}

async function requestBody(ctx: Context, path: string): Promise<BodyInit | undefined> {
  const method = ctx.request.method;
  if (method === 'GET' || method === 'HEAD') return undefined;
  const bytes = await readBodyWithin(ctx.request);
  if (CLIENT_CONTEXT_PATHS.has(path)) {
    // The server's view of the client wins over what the browser claims.
    return JSON.stringify({ ...flatJsonFields(bytes), user_ip: ctx.clientIp, user_agent: userAgentField(ctx.userAgent) });
  }
  return bytes ?? undefined;
}

/**
 * The top-level string, number, boolean and null fields of a JSON object body ({} when empty or malformed).
 * The two-factor calls take only such fields; nested values are dropped rather than parsed and serialised
 * again (deeply nested input must not cost the BFF its stack).
 */
function flatJsonFields(bytes: Uint8Array | null): Record<string, unknown> {
  if (!bytes) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return {}; // malformed: send the server's context only
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) flat[key] = value;
  }
  return flat;
}

/** 413 for a body over the limit, 400 for one that could not be read (the client went away mid-body). */
function unreadableBody(ctx: Context, error: unknown): NextResponse {
  const tooLarge = error instanceof BodyTooLargeError;
  const status = tooLarge ? 413 : 400;
  const body = tooLarge
    ? PAYLOAD_TOO_LARGE
    : { code: 'bad_request', message: 'Unreadable request body.', pretty_message: 'Cererea nu este validă.' };
  return finish(NextResponse.json({ error: body }, { status, headers: { 'cache-control': 'no-store' } }), ctx, status);
}

function targetUrl(ctx: Context, path: string, search: string): string {
  const base = backendBaseFor(path);
  if (QUERY_TOKEN_PATHS.has(path) && ctx.token) {
    const params = new URLSearchParams(search);
    params.set('token', ctx.token);
    return `${base}/api/v1/${path}?${params.toString()}`;
  }
  return `${base}/api/v1/${path}${search}`;
}

function finish(response: NextResponse, ctx: Context, status: number): NextResponse {
  if (status === 401) clearSessionCookies(response.cookies);
  ensureXsrfCookie(response, ctx);
  return response;
}

/** Forwards one browser request to `/api/v1/{segments}` of the backend or products host. */
export async function forwardApiRequest(request: Request, segments: string[]): Promise<Response> {
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  // Only the calls the app makes (lib/bff/allowlist.ts); never the IPN, /admin or /dev, without a backend call.
  if (!isForwardable(request.method, path)) return notForwarded();
  const ctx = contextOf(request);
  const refused = refuseForgedWrite(request, ctx.cookies, ctx.settings.webOrigin);
  if (refused) return refused;

  const search = new URL(request.url).search;
  if (path === LOGOUT_PATH && request.method === 'POST') return logout(ctx);

  let body: BodyInit | undefined;
  try {
    body = await requestBody(ctx, path);
  } catch (error) {
    return unreadableBody(ctx, error);
  }
  let upstream: Response;
  try {
    const headers = upstreamHeaders(ctx, ctx.token);
    if (CLIENT_CONTEXT_PATHS.has(path) && body !== undefined) headers.set('content-type', 'application/json');
    upstream = await upstreamCall(ctx, targetUrl(ctx, path, search), {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
    });
  } catch (error) {
    return upstreamFailure(ctx, error, path);
  }

  try {
    return await answerFrom(ctx, request, path, upstream);
  } catch (error) {
    // The backend broke an answer this BFF reads whole (sign-in's token, a 403, a two-factor verification): the
    // connection dropped mid-body or the deadline passed. The same failure answer as a call that got none, not an
    // exception out of the route handler (Next.js's empty 500).
    return upstreamFailure(ctx, readFailure(ctx, error), path);
  }
}

/** What cut an answer's body: the browser leaving, the deadline (callBackend's TimeoutError), or the backend. */
function readFailure(ctx: Context, error: unknown): BackendCallError {
  const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
  return backendCallFailure(error, timedOut, ctx.request.signal);
}

async function answerFrom(ctx: Context, request: Request, path: string, upstream: Response): Promise<Response> {
  const headers = copyResponseHeaders(upstream.headers);
  const ok = upstream.status >= 200 && upstream.status < 300;

  if (ok && request.method === 'POST' && TOKEN_PATHS.has(path)) {
    return finish(await withSessionFromAnswer(ctx, upstream, headers), ctx, upstream.status);
  }
  if (ok && request.method === 'POST' && STATE_CHANGING_PATHS.has(path) && ctx.token) {
    const text = await upstream.text();
    const response = new NextResponse(text, { status: upstream.status, headers });
    const state = await refreshSessionState(ctx.token, clientOf(ctx));
    if (state) setSessionCookie(response.cookies, 'state', state);
    return finish(response, ctx, upstream.status);
  }

  if (upstream.status === 403 && ctx.token) {
    // two_factor_required: the session owes the second factor (e.g. turned on from another device since the
    // state cookie was signed); two_factor_setup_required: the account must set two-factor up (e.g. made required
    // since). Re-sign the state so that proxy.ts sends the next navigation to the check or the setup page.
    const text = await upstream.text();
    const response = new NextResponse(text, { status: upstream.status, headers });
    if (text.includes('"two_factor_required"') || text.includes('"two_factor_setup_required"')) {
      const state = await refreshSessionState(ctx.token, clientOf(ctx));
      if (state) setSessionCookie(response.cookies, 'state', state);
    }
    return finish(response, ctx, upstream.status);
  }

  const nullBody = request.method === 'HEAD' || upstream.status === 204 || upstream.status === 304;
  const response = new NextResponse(nullBody ? null : upstream.body, { status: upstream.status, headers });
  return finish(response, ctx, upstream.status);
}

function notForwarded(): Response {
  return NextResponse.json(
    { error: { code: 'not_found', message: 'Not found.', pretty_message: 'Pagina sau resursa cerută nu există.' } },
    { status: 404, headers: { 'cache-control': 'no-store' } },
  );
}

/** Login, register, Google and store-from-product-page: token → httpOnly cookie, removed from the JSON. */
async function withSessionFromAnswer(ctx: Context, upstream: Response, headers: Headers): Promise<NextResponse> {
  const text = await upstream.text();
  let body: { data?: Record<string, unknown> } | null = null;
  try {
    body = JSON.parse(text) as { data?: Record<string, unknown> };
  } catch {
    return new NextResponse(text, { status: upstream.status, headers });
  }
  const data = body?.data;
  const token = data && typeof data.access_token === 'string' && data.access_token !== '' ? data.access_token : null;
  if (data && 'access_token' in data) delete data.access_token;
  if (data) data.session_started = token !== null;
  headers.set('content-type', 'application/json');
  const response = new NextResponse(JSON.stringify(body), { status: upstream.status, headers });
  if (token) {
    setSessionCookie(response.cookies, 'token', token);
    const state = await refreshSessionState(token, clientOf(ctx));
    if (state) setSessionCookie(response.cookies, 'state', state);
    else clearSessionCookies(response.cookies, ['state']);
  }
  return response;
}

/**
 * POST /api/v1/auth/logout: clear token and state cookies (partner stays) and end the session at the backend,
 * retried in the background when the backend cannot be reached (lib/bff/session-revocation.ts): the customer is
 * told they are signed out, so the token must stop working even if they close the tab at once.
 */
async function logout(ctx: Context): Promise<Response> {
  if (ctx.token) {
    // The customer's client IP, user agent and request id; no body, so no content type.
    const headers = Object.fromEntries(upstreamHeaders(ctx, null));
    delete headers['content-type'];
    await revokeAtBackend(ctx.settings.backendUrl, ctx.token, { headers, requestId: ctx.requestId });
  }
  const response = NextResponse.json({ data: { logged_out: true } }, { headers: { 'cache-control': 'no-store' } });
  clearSessionCookies(response.cookies);
  ensureXsrfCookie(response, ctx);
  return response;
}

/**
 * Forwards a request to a backend path outside /api/v1 (pusher auth, analytics). `session: 'none'` sends no bearer: a call that needs no
 * identity (analytics) carries none, so what stores it never holds a customer's session token.
 */
export async function forwardToBackendPath(
  request: Request,
  backendPath: string,
  options: { requireSession?: boolean; session?: 'bearer' | 'none' } = {},
) {
  const ctx = contextOf(request);
  const refused = refuseForgedWrite(request, ctx.cookies, ctx.settings.webOrigin);
  if (refused) return refused;
  if (options.requireSession && !ctx.token) {
    return NextResponse.json(
      { error: { code: 'unauthenticated', message: 'Unauthenticated', pretty_message: 'Nu sunteți autentificat.' } },
      { status: 403 },
    );
  }
  let body: Uint8Array<ArrayBuffer> | null = null;
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD') body = await readBodyWithin(request);
  } catch (error) {
    return unreadableBody(ctx, error);
  }
  try {
    const upstream = await upstreamCall(ctx, `${ctx.settings.backendUrl}${backendPath}`, {
      method: request.method,
      headers: upstreamHeaders(ctx, options.session === 'none' ? null : ctx.token),
      body: body ?? undefined,
    });
    return finish(new NextResponse(upstream.body, { status: upstream.status, headers: copyResponseHeaders(upstream.headers) }), ctx, 0);
  } catch (error) {
    return upstreamFailure(ctx, error, backendPath);
  }
}
