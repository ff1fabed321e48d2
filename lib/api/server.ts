import { cache } from 'react';
import { getSessionToken, requestClient } from '@/lib/session/server';
import { backendBaseFor, sessionHeaders } from '@/lib/session/session';
import { noteBackendFailure } from '@/lib/server/render-health';
import { currentRequestSignal } from '@/lib/server/request-scope';
import { BackendCallError, backendFailureBody, callBackend } from '@/lib/net/backend-call';
import { readBackend, type BackendReadAnswer } from '@/lib/net/backend-read';
import { log } from '@/lib/server/log';
import { withoutSecretPathSegments } from '@/lib/proxy/secret-links';
import { ApiError, apiErrorFromResponse } from './errors';

/**
 * Server-side data access for server components and route handlers (never import from client code).
 * Calls the backend directly with the session's bearer and the client's IP; answers `data`, or throws the
 * same ApiError as the browser client. No retries here: pages render again on the next navigation.
 *
 *   const orders = await backendFetch<Order[]>('/api/v1/orders');
 *   const product = await backendFetch<Product>('/api/v1/products/rca', { token: null });
 */
export type BackendFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** undefined = the session's token (from the cookie); null = anonymous call; a string = that token. */
  token?: string | null;
  query?: Record<string, string | number | boolean | undefined | null>;
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export type BackendAnswer<T> = { data: T; headers: BackendReadAnswer['headers']; status: number };

/** The host of a backend path: `/api/v1/products…` goes to the products host (lib/session/session.ts). */
function baseFor(path: string): string {
  return path.startsWith('/api/v1/') ? backendBaseFor(path.slice('/api/v1/'.length)) : backendBaseFor('');
}

/**
 * Anonymous reads (products, statuses, insurers, FAQ, info pages) are the same for every visitor: one answer
 * serves every render for PUBLIC_READ_TTL_MS, and renders that need it meanwhile share the call in flight.
 * A render made 3 such calls, each costing the backend and this process a round trip; the page cache's
 * window is the same second, so an ops change (maintenance, product flags) still shows within about a second.
 * Only successes are kept; a caller whose shared call failed makes its own (its own request id and log line).
 */
const PUBLIC_READ_TTL_MS = 1000;
const PUBLIC_READ_MAX_ENTRIES = 200;
type SharedRead = { at: number | null; answer: Promise<BackendAnswer<unknown>> };
const publicReads = new Map<string, SharedRead>();

/**
 * For tests: forgets the shared answers.
 * @testSeam
 */
export function resetPublicReads() {
  publicReads.clear();
}

function sharedPublicRead<T>(key: string, load: () => Promise<BackendAnswer<T>>): Promise<BackendAnswer<T>> {
  const now = Date.now();
  const entry = publicReads.get(key);
  if (entry && (entry.at === null || now - entry.at < PUBLIC_READ_TTL_MS)) {
    return (entry.answer as Promise<BackendAnswer<T>>).catch(() => load());
  }
  if (publicReads.size >= PUBLIC_READ_MAX_ENTRIES) {
    for (const [k, e] of publicReads) if (e.at !== null && now - e.at >= PUBLIC_READ_TTL_MS) publicReads.delete(k);
  }
  const fresh: SharedRead = { at: null, answer: load() };
  publicReads.set(key, fresh);
  fresh.answer.then(
    () => {
      fresh.at = Date.now();
    },
    () => {
      if (publicReads.get(key) === fresh) publicReads.delete(key);
    },
  );
  return fresh.answer as Promise<BackendAnswer<T>>;
}

/**
 * A customer's reads are shared within one render (React `cache`: per request, nothing kept across requests):
 * an account page and its layout's expiring banner both read /api/v1/policies, and paid two backend round trips
 * for one answer. Keyed by path, query and token; a failure is shared too (each caller handles it its own way).
 */
const sessionRead = cache(
  (path: string, query: string, token: string | null): Promise<BackendAnswer<unknown>> =>
    callBackendFor<unknown>(path, { token, query: Object.fromEntries(new URLSearchParams(query)) }),
);

/** Like backendFetch, with the response headers (e.g. x-site-product-statuses). */
export async function backendRequest<T>(path: string, options: BackendFetchOptions = {}): Promise<BackendAnswer<T>> {
  const method = options.method ?? 'GET';
  if (method === 'GET' && !options.signal) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
    // Shared by every render that needs it meanwhile: no one request's departure cancels it (its timeout bounds it).
    if (options.token === null) return sharedPublicRead(`${path}?${query.toString()}`, () => callBackendFor<T>(path, options, false));
    const token = options.token === undefined ? await getSessionToken() : options.token;
    return sessionRead(path, query.toString(), token) as Promise<BackendAnswer<T>>;
  }
  return callBackendFor<T>(path, options);
}

/**
 * One call to the backend. Unless it is shared between requests (`ownRequest` false) or the caller gave its own
 * signal, it is cancelled when the client of the request being served goes away (lib/server/request-scope.ts):
 * a page nobody waits for no longer holds a backend slot until the timeout.
 */
async function callBackendFor<T>(path: string, options: BackendFetchOptions, ownRequest = true): Promise<BackendAnswer<T>> {
  const method = options.method ?? 'GET';
  const signal = options.signal ?? (ownRequest ? currentRequestSignal() : undefined);
  const token = options.token === undefined ? await getSessionToken() : options.token;
  const url = new URL(`${baseFor(path)}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  // The client of this page request (IP, request id); none outside a request scope.
  const client = await requestClient();
  const requestHeaders: Record<string, string> = { accept: 'application/json', ...sessionHeaders(token, client?.ip ?? null) };
  if (options.body !== undefined) requestHeaders['content-type'] = 'application/json';
  if (method !== 'GET') requestHeaders['idempotency-key'] = options.idempotencyKey ?? crypto.randomUUID();

  const id = client?.requestId ?? null;
  let res: BackendReadAnswer;
  try {
    // A read is read whole through the backend's connection pool (lib/net/backend-read.ts); a write goes
    // through fetch with its body.
    if (method === 'GET' && options.body === undefined) {
      res = await readBackend(url, requestHeaders, { signal, requestId: id });
    } else {
      const answer = await callBackend(
        url,
        { method, headers: requestHeaders, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
        { signal, requestId: id },
      );
      res = { status: answer.status, headers: answer.headers, body: await answer.text() };
    }
  } catch (error) {
    const failure = error instanceof BackendCallError ? error : new BackendCallError('unreachable', String(error));
    // A call cancelled because its client left says nothing about the backend.
    if (failure.kind !== 'aborted') noteBackendFailure();
    // A renewal link's token is in its path: logs and messages name the segment instead.
    const target = withoutSecretPathSegments(path);
    if (failure.kind !== 'aborted') log('warn', 'backend call failed', { request_id: id, kind: failure.kind, method, target });
    const answer = backendFailureBody(failure.kind);
    throw new ApiError({
      code: answer.code,
      status: failure.status,
      message: `${failure.message}: ${method} ${target}`,
      prettyMessage: answer.pretty_message,
      requestId: id,
    });
  }
  if (res.status >= 500) noteBackendFailure();
  let body: unknown = null;
  let readable = true;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = null;
    readable = false;
  }
  if (res.status < 200 || res.status > 299) throw apiErrorFromResponse(res.status, body, id);
  if (!readable) {
    // A 2xx whose body is not JSON (cut short, a proxy's HTML or text page): the call failed. Its `data` would be
    // undefined, and a page rendered from it crashed (the payment return page showed a blank 500) or got cached.
    noteBackendFailure();
    const target = withoutSecretPathSegments(path);
    log('warn', 'backend answer unreadable', { request_id: id, method, target, status: res.status, content_type: res.headers.get('content-type') });
    throw new ApiError({
      code: 'backend_invalid_answer',
      status: 502,
      message: `Backend answer is not JSON: ${method} ${target}`,
      prettyMessage: backendFailureBody('unreachable').pretty_message,
      requestId: id,
    });
  }
  return { data: (body as { data: T } | null)?.data as T, headers: res.headers, status: res.status };
}

/** GET/POST/… a backend path and answer its `data`; failures throw ApiError. */
export async function backendFetch<T>(path: string, options: BackendFetchOptions = {}): Promise<T> {
  return (await backendRequest<T>(path, options)).data;
}
