import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createGzip, gzip } from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { FORWARDED_REQUEST_HEADERS, FORWARDED_RESPONSE_HEADERS, isForwardable, QUERY_TOKEN_PATHS } from '@/lib/bff/allowlist';
import { newXsrfToken, xsrfCookieOptions } from '@/lib/bff/csrf';
import { parseCookies } from '@/lib/bff/request';
import { BackendCallError, backendFailureBody, enterBackendGate, RETRY_AFTER_BUSY_S } from '@/lib/net/backend-call';
import { clientIpOfHeaders } from '@/lib/net/client-ip';
import { REQUEST_ID_HEADER } from '@/lib/net/request-id';
import { STATIC_SECURITY_HEADERS } from '@/lib/proxy/security-headers';
import { getServerEnv } from '@/lib/config/env';
import { log } from '@/lib/server/log';
import { XSRF_COOKIE } from '@/lib/session/cookies';
import { backendBaseFor, sessionFromCookies, sessionHeaders, sessionSettings } from '@/lib/session/session';

/**
 * The BFF's reads without Next.js's route-handler pipeline (issue 17). A browser's GET or HEAD of an allowlisted
 * `/api/v1/…` path is forwarded here, in the web server, on kept-alive connections: measured, the route handler
 * (router, Web Request/Response, streams) cost ~6 ms and 90% of the throughput of a read whose backend answers
 * in well under a millisecond.
 *
 * It does what lib/bff/forward.ts does for such a read, no more: the allowlist, the session's bearer, the
 * client IP and request id to the backend, the same response headers (+ the security headers next.config.ts
 * gives API answers), the XSRF cookie when the browser has none, gzip when accepted, and the bounds of
 * lib/net/backend-call.ts (the shared concurrency gate and queue, BACKEND_TIMEOUT_MS, the upstream call cancelled
 * when the browser leaves) with the same failure answers. Everything else returns false and goes to Next.js:
 * writes, the calls that carry the token in the query, unusual paths, and any 401/403 answer (re-asked there,
 * where the session cookies are cleared or the two-factor state re-signed).
 *
 * Per call, as little as the proxying needs (profile of BFF GET /api/v1/products at 50 connections): the backend
 * is called through an undici Pool's dispatch (callbacks, no ClientRequest, IncomingMessage or their stream
 * ticks: 22% less CPU per read than node:http with its Agent), the gate grants its slot through a callback,
 * the deadline and the browser leaving abort the call directly (no AbortController), the base URLs are parsed
 * once. An answer of known size up to BUFFER_MAX_BYTES (every JSON answer) is read whole and sent with its
 * headers in one write, and a failure before its end still gets its failure answer; larger or unsized answers
 * (documents) are streamed at the browser's pace.
 */

/** Plain segments only; anything encoded, dotted or empty takes the full route (and its 404s). */
const PLAIN_PATH = /^\/api\/v1\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)$/;
/** Below this a gzip stream costs more than the bytes it saves. */
const GZIP_MIN_BYTES = 1024;
const GZIP_LEVEL = 6;
/** Answers of known size up to this are read whole, then sent at once. */
const BUFFER_MAX_BYTES = 256 * 1024;

const NOT_SERVED = Promise.resolve(false);

type Upstream = {
  /** Kept-alive connections to one origin, as many as the gate lets through. */
  pool: Pool;
  /** The base URL's path, without trailing slashes ('' for a bare origin). */
  prefix: string;
};

/** Per base URL (BACKEND_API_URL, PRODUCTS_API_URL): parsed once, not per request. */
const upstreams = new Map<string, Upstream>();

function upstreamOf(base: string): Upstream {
  let upstream = upstreams.get(base);
  if (!upstream) {
    const url = new URL(base);
    // The deadline is BACKEND_TIMEOUT_MS, kept here; the pool's own timeouts (300 s) would only add timers.
    upstream = { pool: new Pool(url.origin, { headersTimeout: 0, bodyTimeout: 0 }), prefix: url.pathname.replace(/\/+$/, '') };
    upstreams.set(base, upstream);
  }
  return upstream;
}

/**
 * The last gzip of each read's answer to a browser without a session, per path and query: the products list
 * every page asks for is the same 14 KB until a product changes, and gzipping it (level 6) cost ~250 us of CPU
 * per read, three times the rest of the read. It is reused only for the very same bytes (compared whole), so
 * no answer ever gets another's content; at most ZIP_MEMO_ENTRIES answers of up to ZIP_MEMO_MAX_BYTES.
 */
const ZIP_MEMO_ENTRIES = 64;
const ZIP_MEMO_MAX_BYTES = 64 * 1024;
const zipMemo = new Map<string, { body: Buffer; zipped: Buffer }>();

function zippedBefore(key: string, body: Buffer): Buffer | null {
  const memo = zipMemo.get(key);
  return memo && memo.body.equals(body) ? memo.zipped : null;
}

function rememberZipped(key: string, body: Buffer, zipped: Buffer) {
  if (body.length > ZIP_MEMO_MAX_BYTES) return;
  zipMemo.delete(key);
  // A copy: the answer's chunks may be views of a larger socket buffer.
  zipMemo.set(key, { body: Buffer.from(body), zipped });
  if (zipMemo.size > ZIP_MEMO_ENTRIES) zipMemo.delete(zipMemo.keys().next().value!);
}

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

function securityHeaders(response: ServerResponse, setCookie: string | null) {
  for (const { key, value } of STATIC_SECURITY_HEADERS) response.setHeader(key, value);
  response.setHeader('vary', 'Accept-Encoding');
  if (setCookie) response.setHeader('set-cookie', setCookie);
}

function sendFailure(response: ServerResponse, failure: BackendCallError, setCookie: string | null) {
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
export function serveBffRead(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return NOT_SERVED;
  const url = request.url ?? '';
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const match = PLAIN_PATH.exec(pathname);
  if (!match) return NOT_SERVED;
  const path = match[1];
  if (QUERY_TOKEN_PATHS.has(path) || !isForwardable(method, path)) return NOT_SERVED;
  return new Promise((resolve) => forward(request, response, method, path, queryAt < 0 ? '' : url.slice(queryAt), resolve));
}

/** One read, from the gate to the answer; `decided(false)` when the answer is Next.js's to give. */
function forward(
  request: IncomingMessage,
  response: ServerResponse,
  method: 'GET' | 'HEAD',
  path: string,
  query: string,
  decided: (served: boolean) => void,
) {
  const settings = sessionSettings();
  const cookies = parseCookies(request.headers.cookie ?? null);
  const { token } = sessionFromCookies((name) => cookies.get(name));
  const requestId = String(request.headers[REQUEST_ID_HEADER] ?? '');
  const setCookie = cookies.get(XSRF_COOKIE) ? null : cookieHeader(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(settings.secure));
  const upstream = upstreamOf(backendBaseFor(path));
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  Object.assign(headers, sessionHeaders(token, clientIpOfHeaders(request.headers)));
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;

  // The bounds of callBackend: one deadline for the queue and the answer, cancelled when the browser leaves.
  let controller: Dispatcher.DispatchController | null = null;
  let release: (() => void) | null = null;
  let leaveQueue: (() => void) | null = null;
  /** The backend call is over (answered, failed or left to Next.js): later events change nothing. */
  let over = false;
  /** The answer is being streamed: a failure can only cut it. */
  let streaming: NodeJS.WritableStream | null = null;
  let status = 502;
  let answerHeaders: IncomingHttpHeaders = {};
  let gzipWanted = false;
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => fail(new BackendCallError('timeout', 'backend call timed out')), getServerEnv().BACKEND_TIMEOUT_MS);
  const clientLeft = () => {
    if (!response.writableFinished) fail(new BackendCallError('aborted', 'client went away'));
  };
  response.once('close', clientLeft);

  /** Ends the backend call: the deadline, the slot, the watch on the browser. */
  function finish() {
    over = true;
    clearTimeout(timer);
    response.off('close', clientLeft);
    leaveQueue?.();
    release?.();
    release = null;
  }

  function fail(failure: BackendCallError) {
    if (over) return;
    finish();
    if (controller && !controller.aborted) controller.abort(failure);
    decided(true);
    if (failure.kind === 'aborted' || streaming) {
      response.destroy();
      if (failure.kind !== 'aborted') log('warn', 'backend answer cut', { request_id: requestId, kind: failure.kind, method, target: path });
      return;
    }
    log('warn', 'backend call failed', { request_id: requestId, kind: failure.kind, method, target: path });
    sendFailure(response, failure, setCookie);
  }

  function head() {
    response.statusCode = status;
    securityHeaders(response, setCookie);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = answerHeaders[name];
      if (value !== undefined) response.setHeader(name, value);
    }
    if (answerHeaders['cache-control'] === undefined) response.setHeader('cache-control', 'no-store');
  }

  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(c) {
      controller = c;
      if (over) c.abort(new BackendCallError('aborted', 'call no longer needed'));
    },
    onResponseStart(_c, statusCode, headers) {
      if (over || statusCode < 200) return;
      status = statusCode;
      answerHeaders = headers;
      if (status === 401 || status === 403) {
        // The session ended, or owes its second factor or its setup: forward.ts clears or re-signs the cookies (a read,
        // asked again).
        finish();
        decided(false);
        return;
      }
      decided(true);
      gzipWanted =
        method === 'GET' &&
        /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) &&
        headers['content-encoding'] === undefined &&
        status !== 204 &&
        status !== 304;
      const length = Number(headers['content-length'] ?? NaN);
      if (method === 'HEAD' || length <= BUFFER_MAX_BYTES) return;
      // Large or unsized (documents): streamed, with the browser's pace.
      head();
      const zipped = gzipWanted && !(length < GZIP_MIN_BYTES);
      if (zipped) response.setHeader('content-encoding', 'gzip');
      else if (Number.isFinite(length)) response.setHeader('content-length', String(length));
      if (zipped) {
        const gzipStream = createGzip({ level: GZIP_LEVEL });
        gzipStream.on('error', (error) => response.destroy(error));
        gzipStream.pipe(response);
        streaming = gzipStream;
      } else streaming = response;
      streaming.on('drain', () => controller?.resume());
    },
    onResponseData(c, chunk) {
      if (over) return;
      if (streaming) {
        if (!streaming.write(chunk)) c.pause();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    },
    onResponseEnd() {
      if (over) return;
      finish();
      if (streaming) {
        streaming.end();
        return;
      }
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      head();
      if (method === 'HEAD') {
        response.end();
      } else if (gzipWanted && size >= GZIP_MIN_BYTES) {
        const key = `${path}${query}`;
        const zipped = zippedBefore(key, body);
        if (zipped) {
          response.setHeader('content-encoding', 'gzip');
          response.setHeader('content-length', zipped.length);
          response.end(zipped);
          return;
        }
        gzip(body, { level: GZIP_LEVEL }, (error, fresh) => {
          // Only what anyone may read is kept: a signed-in answer may reuse a guest's gzip of the same bytes.
          if (!error && !token) rememberZipped(key, body, fresh);
          if (response.destroyed) return;
          if (!error) response.setHeader('content-encoding', 'gzip');
          const sent = error ? body : fresh;
          response.setHeader('content-length', sent.length);
          response.end(sent);
        });
      } else {
        response.setHeader('content-length', size);
        response.end(body);
      }
    },
    onResponseError(_c, error) {
      if (!over) fail(error instanceof BackendCallError ? error : new BackendCallError('unreachable', 'backend unreachable', { cause: error }));
    },
  };

  function send(slot: () => void) {
    release = slot;
    leaveQueue = null;
    if (over) {
      slot();
      return;
    }
    upstream.pool.dispatch({ path: `${upstream.prefix}/api/v1/${path}${query}`, method, headers }, handler);
  }

  try {
    leaveQueue = enterBackendGate(send);
  } catch (error) {
    fail(error instanceof BackendCallError ? error : new BackendCallError('unreachable', 'backend unreachable', { cause: error }));
  }
}
