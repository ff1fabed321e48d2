/**
 * The production web server: Next.js (proxy.ts, pages, BFF) behind a guest page micro-cache.
 *
 * `npm start` runs this instead of `next start`, so the PID a supervisor holds is the server itself; `npm run dev`
 * runs it with `--dev` (Next.js in development mode, no page cache) instead of `next dev`, so development gets
 * the same socket client IP, request ids, logs, health checks and drain as production.
 * Usage: node server/dist/main.mjs [--dev] [-p PORT] [-H HOST]   (PORT and HOST from the environment otherwise)
 * Settings: PAGE_CACHE_TTL_MS (0 turns the cache off), PAGE_CACHE_STALE_MS, PAGE_CACHE_MAX_ENTRIES,
 * PAGE_CACHE_MAX_BODY_KB, PAGE_CACHE_GZIP_LEVEL, WEB_HEAP_GROWING_PERCENT, WEB_IDLE_GC_MS, TRUSTED_PROXY_HOPS,
 * SHUTDOWN_DRAIN_MS, WEB_REQUEST_TIMEOUT_MS, WEB_HEADERS_TIMEOUT_MS, WEB_MAX_CONNECTIONS_PER_IP, WEB_MAX_CONNECTIONS;
 * see .env.example.
 * Slow and piling clients meet the bounds of server/http-server.ts.
 *
 * Operations (README "Operations"): `/healthz` and `/readyz` are answered here, before Next.js; every request
 * gets an `X-Request-Id` (a safe incoming one is kept) that the BFF, proxy.ts and server components send to the
 * backend, and one JSON log line; SIGTERM drains (server/drain.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import next from 'next';
import { CLIENT_IP_HEADER, clientIpFromChain } from '@/lib/net/client-ip';
import {
  declaresTooLargeBody,
  dropStaticFilePreconditions,
  hasDecodablePath,
  originFormTarget,
  repeatedSlashLocation,
  sendRepeatedSlashRedirect,
  isStaticFileRequest,
  isSupportedMethod,
  listPublicFiles,
  sendBadPath,
  sendMethodNotAllowed,
  sendTooLarge,
  STATIC_FILE_METHODS,
} from './bad-request';
import { withGuestPageCache } from './cached-page-handler';
import { dropAbortReasonFrames } from './abort-reason-frames';
import { IdleCollector, reduceMemory } from './idle-collector';
import { loadNativeHeapTrim } from './native-heap';
import { PageCache } from './page-cache';
import { readServerSettings } from './settings';
import { createHttpServer } from './http-server';
import { getServerEnv } from '@/lib/config/env';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/net/request-id';
import { log } from '@/lib/server/log';
import { withoutSecretPathSegments } from '@/lib/proxy/secret-links';
import { drainOnShutdown } from './drain';
import { settlePendingRevocations } from '@/lib/bff/session-revocation';
import { healthPathOf, sendHealth } from './health';
import { serveBffRead } from './bff-fast-path';
import { withScriptsAfterFirstPaint } from './scripts-after-first-paint';
import { withDocumentPolicy } from './document-policy';
import { routeProcessOutputThroughLog } from './json-console';
import { RequestAbort, runInRequestScope, type RequestScope } from '@/lib/server/request-scope';

// Every line this process writes is JSON, Next.js's own included (console, warnings, a crash at start-up).
const removeStartupCrashHandlers = routeProcessOutputThroughLog();
// A finished render must not keep the next ones reachable through its abort reason's stack (abort-reason-frames.ts).
dropAbortReasonFrames();
const settings = readServerSettings(process.argv.slice(2), process.env);
// Under rendered-page load the live heap is 50–120 MB, but V8 (sized for this machine's memory) lets the old
// generation grow up to 4× what survived the last full collection before the next one: the heap reached 290 MB,
// holding the native memory of its Buffers too (issue 17: RSS 413–433 MB at 50 connections on /account/orders).
// Measured there (req/s, peak RSS): V8's own 124–129, 413–433; 150% 123, 320; 100% 115–118, 280; 50% 112–113,
// 259: each step down buys memory with full collections. V8 reads this flag at every full collection; the
// young generation's size, by contrast, is fixed when the process starts (--max-semi-space-size set here had
// no effect).
if (settings.heapGrowingPercent > 0 && !settings.dev) v8.setFlagsFromString(`--heap-growing-percent=${settings.heapGrowingPercent}`);
const app = next({ dev: settings.dev, dir: process.cwd(), hostname: settings.host, port: settings.port });
// Development serves every page fresh (a cached page would hide an edit).
const cache = new PageCache(settings.dev ? { ...settings.cache, ttlMs: 0 } : settings.cache);
// A page's own scripts are requested after its first paint (scripts-after-first-paint.ts); development leaves
// Next.js's HTML as it is.
const renderPage = settings.dev ? app.getRequestHandler() : withScriptsAfterFirstPaint(app.getRequestHandler(), settings.gzipLevel);
const handleRequest = withGuestPageCache(renderPage, cache, settings.gzipLevel);

await app.prepare();
// Next.js has installed its own handlers of uncaught errors by now (they log through console and keep serving).
removeStartupCrashHandlers();
const collector = settings.idleGcMs > 0 && !settings.dev ? await startIdleCollector(settings.idleGcMs) : null;
const backendUrl = getServerEnv().BACKEND_API_URL.replace(/\/+$/, '');
const lifecycle = { draining: false };
const publicFiles = listPublicFiles(path.join(process.cwd(), 'public'));
const server = createHttpServer((request, response) => {
  collector?.noteRequest();
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  // Hashed build files do not echo it: a page loads a dozen on a first visit, the log line still has it.
  if (!request.url?.startsWith('/_next/static/')) response.setHeader(REQUEST_ID_HEADER, requestId);
  // The request's scope: its id for every log line, and the signal that cancels its backend calls if the client
  // goes away before the answer is complete (lib/server/request-scope.ts).
  const scope: RequestScope = { requestId, abort: new RequestAbort() };
  logWhenDone(request, response, scope);
  // A document the proxy gave no policy (a 404 under a path it skips) runs no script (document-policy.ts).
  withDocumentPolicy(response);
  // While draining, a request on a connection that is still open is served, and its connection closed after.
  if (lifecycle.draining) response.setHeader('connection', 'close');
  // Everything below, Next.js included, sees the origin form (`/path?query`) or the request is refused here.
  const target = originFormTarget(request.url, request.headers.host);
  if (target === null) {
    // A link with a slash too many (`//rca`) goes to its path, as Next.js sent it before; nothing else is served.
    const location = repeatedSlashLocation(request.url);
    return location ? sendRepeatedSlashRedirect(location, response) : sendBadPath(request.url, response);
  }
  request.url = target;
  const health = healthPathOf(request.url);
  if (health) return void sendHealth(health, response, { draining: lifecycle.draining, backendUrl });
  // The one place that sees the socket: proxy.ts and the BFF read the client IP from this header, never from
  // what the client sent (any incoming copy is overwritten).
  request.headers[CLIENT_IP_HEADER] = clientIpFromChain(request.socket.remoteAddress, request.headers['x-forwarded-for'], settings.trustedProxyHops);
  if (!isSupportedMethod(request.method)) return sendMethodNotAllowed(request.url, response);
  if (isStaticFileRequest(request.url, publicFiles)) {
    // Next.js answers a write, an unsatisfiable Range or a failed precondition on its files with a 500.
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendMethodNotAllowed(request.url, response, STATIC_FILE_METHODS);
    dropStaticFilePreconditions(request);
  }
  if (!hasDecodablePath(request.url)) return sendBadPath(request.url, response);
  if (declaresTooLargeBody(request)) return sendTooLarge(request.url, response);
  // Lines logged while this request is handled (Next.js's render errors too) carry its id.
  // The BFF's plain reads are forwarded here, without Next.js's route pipeline; the rest goes to Next.js.
  const handled = runInRequestScope(scope, async () => (await serveBffRead(request, response)) || handleRequest(request, response));
  Promise.resolve(handled).catch((error: unknown) => {
    log('error', 'request failed', { request_id: requestId, err: error });
    if (!response.headersSent) {
      response.statusCode = 500;
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('Eroare internă. Vă rugăm să reîncercați.');
    } else {
      response.destroy();
    }
  });
}, { ...settings.limits, trustedProxyHops: settings.trustedProxyHops });
server.listen(settings.port, settings.host, () => {
  const cacheState = cache.enabled ? `guest page cache ${settings.cache.ttlMs} ms` : 'guest page cache off';
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : settings.port;
  log('info', `[web] ready on http://${settings.host ?? 'localhost'}:${port} (${cacheState})`, { port });
});
drainOnShutdown(server, {
  drainMs: settings.drainMs,
  onDraining: () => (lifecycle.draining = true),
  beforeExit: (withinMs) => settlePendingRevocations(backendUrl, withinMs),
});

/**
 * One JSON line per request when its answer is done (health probes at debug level); a client that went away
 * before the end cancels what is still working for it.
 */
function logWhenDone(request: IncomingMessage, response: ServerResponse, { requestId, abort }: RequestScope) {
  const started = performance.now();
  response.once('close', () => {
    if (!response.writableFinished) abort.clientLeft();
    const entry = {
      request_id: requestId,
      method: request.method,
      // The query is left out (a mailed link's token rides there) and a token path segment named, not written.
      url: withoutSecretPathSegments((request.url ?? '').split('?')[0]),
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    log(healthPathOf(request.url) ? 'debug' : 'info', 'request', entry);
  });
}

/** The idle collector, which after its collections gives the C heap's free pages back too (native-heap.ts). */
async function startIdleCollector(idleMs: number): Promise<IdleCollector> {
  const trimNativeHeap = await loadNativeHeapTrim();
  if (!trimNativeHeap && process.platform === 'linux') {
    log('warn', 'native heap trimming unavailable: memory freed after traffic stays with the process', { addon: 'broker-malloc-trim' });
  }
  const collector = new IdleCollector({ idleMs, collect: reduceMemory(trimNativeHeap) });
  collector.start();
  return collector;
}
