import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { FORWARDED_REQUEST_HEADERS, FORWARDED_RESPONSE_HEADERS, isForwardable, QUERY_TOKEN_PATHS } from '@/lib/bff/allowlist';
import { newXsrfToken, xsrfCookieOptions } from '@/lib/bff/csrf';
import { parseCookies } from '@/lib/bff/request';
import { acquireBackendSlot, BackendCallError, backendFailureBody, RETRY_AFTER_BUSY_S } from '@/lib/net/backend-call';
import { clientIpOfHeaders } from '@/lib/net/client-ip';
import { REQUEST_ID_HEADER } from '@/lib/net/request-id';
import { STATIC_SECURITY_HEADERS } from '@/lib/proxy/security-headers';
import { getServerEnv } from '@/lib/config/env';
import { log } from '@/lib/server/log';
import { XSRF_COOKIE } from '@/lib/session/cookies';
import { backendBaseFor, sessionFromCookies, sessionHeaders, sessionSettings } from '@/lib/session/session';

/**
 * The BFF's reads without Next.js's route-handler pipeline (issue 17). A browser's GET or HEAD of an allowlisted
 * `/api/v1/…` path is forwarded here, in the web server, with node:http on kept-alive sockets: measured, the
 * route handler (router, Web Request/Response, streams) cost ~6 ms and 90% of the throughput of a read
 * whose backend answers in well under a millisecond.
 *
 * It does what lib/bff/forward.ts does for such a read, no more: the allowlist, the session's bearer, the
 * client IP and request id to the backend, the same response headers (+ the security headers next.config.ts
 * gives API answers), the XSRF cookie when the browser has none, gzip when accepted, and the bounds of
 * lib/net/backend-call.ts (the shared concurrency gate and queue, BACKEND_TIMEOUT_MS, the upstream call cancelled
 * when the browser leaves) with the same failure answers. Everything else returns false and goes to Next.js:
 * writes, the calls that carry the token in the query, unusual paths, and any 401/403 answer (re-asked there,
 * where the session cookies are cleared or the two-factor state re-signed).
 */

/** Plain segments only; anything encoded, dotted or empty takes the full route (and its 404s). */
const PLAIN_PATH = /^\/api\/v1\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)$/;
/** Below this a gzip stream costs more than the bytes it saves. */
const GZIP_MIN_BYTES = 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

function cookieHeader(name: string, value: string, options: { httpOnly: boolean; secure: boolean; maxAge?: number }): string {
  return [
    `${name}=${value}`,
    'Path=/',
    ...(options.maxAge !== undefined ? [`Max-Age=${options.maxAge}`] : []),
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
    'SameSite=lax',
  ].join('; ');
}

function securityHeaders(response: ServerResponse, setCookie: string[]) {
  for (const { key, value } of STATIC_SECURITY_HEADERS) response.setHeader(key, value);
  response.setHeader('vary', 'Accept-Encoding');
  if (setCookie.length > 0) response.setHeader('set-cookie', setCookie);
}

function sendFailure(response: ServerResponse, failure: BackendCallError, setCookie: string[]) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.statusCode = failure.status;
  securityHeaders(response, setCookie);
  response.setHeader('cache-control', 'no-store');
  response.setHeader('content-type', 'application/json');
  if (failure.kind === 'busy') response.setHeader('retry-after', String(RETRY_AFTER_BUSY_S));
  response.end(JSON.stringify({ error: backendFailureBody(failure.kind) }));
}

/**
 * Serves `request` when it is a plain allowlisted read; resolves false (nothing sent, nothing read) when
 * Next.js must handle it.
 */
export async function serveBffRead(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = request.url ?? '';
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const match = PLAIN_PATH.exec(pathname);
  if (!match) return false;
  const path = match[1];
  if (QUERY_TOKEN_PATHS.has(path) || !isForwardable(method, path)) return false;

  const settings = sessionSettings();
  const cookies = parseCookies(request.headers.cookie ?? null);
  const { token } = sessionFromCookies((name) => cookies.get(name));
  const requestId = String(request.headers[REQUEST_ID_HEADER] ?? '');
  const setCookie = cookies.get(XSRF_COOKIE) ? [] : [cookieHeader(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(settings.secure))];

  const target = new URL(`${backendBaseFor(path)}/api/v1/${path}${queryAt < 0 ? '' : url.slice(queryAt)}`);
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  Object.assign(headers, sessionHeaders(token, clientIpOfHeaders(request.headers)));
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;

  // The bounds of callBackend: one deadline for the queue and the answer, cancelled when the browser leaves.
  const env = getServerEnv();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new BackendCallError('timeout', 'backend call timed out')), env.BACKEND_TIMEOUT_MS);
  const clientLeft = () => {
    if (!response.writableFinished) abort.abort(new BackendCallError('aborted', 'client went away'));
  };
  response.once('close', clientLeft);
  let release: (() => void) | null = null;
  const finish = () => {
    clearTimeout(timer);
    release?.();
    release = null;
  };
  try {
    release = await acquireBackendSlot(abort.signal);
    const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
      const call = http.request(target, { method, headers, agent, signal: abort.signal }, resolve);
      call.once('error', reject);
      call.end();
    });
    const status = upstream.statusCode ?? 502;
    if (status === 401 || status === 403) {
      // The session ended or owes its second factor: forward.ts clears or re-signs the cookies (a read, asked again).
      upstream.resume();
      finish();
      response.off('close', clientLeft);
      return false;
    }
    response.statusCode = status;
    securityHeaders(response, setCookie);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) response.setHeader(name, value);
    }
    if (upstream.headers['cache-control'] === undefined) response.setHeader('cache-control', 'no-store');
    const length = Number(upstream.headers['content-length'] ?? NaN);
    const gzip =
      method === 'GET' &&
      /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) &&
      !(length < GZIP_MIN_BYTES) &&
      upstream.headers['content-encoding'] === undefined &&
      ![204, 304].includes(status);
    if (gzip) response.setHeader('content-encoding', 'gzip');
    else if (Number.isFinite(length) && method === 'GET') response.setHeader('content-length', String(length));
    upstream.once('end', finish);
    upstream.once('error', (error) => {
      finish();
      response.destroy(error);
    });
    upstream.once('close', finish);
    (gzip ? upstream.pipe(createGzip({ level: 6 })) : upstream).pipe(response);
    return true;
  } catch (error) {
    finish();
    const failure =
      error instanceof BackendCallError
        ? error
        : abort.signal.reason instanceof BackendCallError
          ? abort.signal.reason
          : new BackendCallError('unreachable', 'backend unreachable', { cause: error });
    if (failure.kind === 'aborted') {
      response.destroy();
      return true;
    }
    log('warn', 'backend call failed', { request_id: requestId, kind: failure.kind, method, target: path });
    sendFailure(response, failure, setCookie);
    return true;
  }
}
