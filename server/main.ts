/**
 * The production web server: Next.js (proxy.ts, pages, BFF) behind a guest page micro-cache.
 *
 * `npm start` runs this instead of `next start`, so the PID a supervisor holds is the server itself.
 * Usage: node server/dist/main.mjs [-p PORT] [-H HOST]   (PORT and HOST from the environment otherwise)
 * Settings: PAGE_CACHE_TTL_MS (0 turns the cache off), PAGE_CACHE_STALE_MS, PAGE_CACHE_MAX_ENTRIES,
 * PAGE_CACHE_MAX_BODY_KB, PAGE_CACHE_GZIP_LEVEL, WEB_SEMI_SPACE_MB, WEB_IDLE_GC_MS, TRUSTED_PROXY_HOPS; see .env.example.
 */
import { createServer } from 'node:http';
import v8 from 'node:v8';
import next from 'next';
import { CLIENT_IP_HEADER, clientIpFromChain } from '@/lib/net/client-ip';
import { declaresTooLargeBody, hasDecodablePath, isSupportedMethod, sendBadPath, sendMethodNotAllowed, sendTooLarge } from './bad-request';
import { withGuestPageCache } from './cached-page-handler';
import { IdleCollector } from './idle-collector';
import { PageCache } from './page-cache';
import { readServerSettings } from './settings';

const settings = readServerSettings(process.argv.slice(2), process.env);
// A small young generation keeps the resident set from growing for good under load (cache hits allocate
// briefly, but at thousands of requests a second); the bench:load target is memory back within 20% after it.
if (settings.semiSpaceMb > 0) v8.setFlagsFromString(`--max-semi-space-size=${settings.semiSpaceMb}`);
const app = next({ dev: false, dir: process.cwd(), hostname: settings.host, port: settings.port });
const cache = new PageCache(settings.cache);
const handleRequest = withGuestPageCache(app.getRequestHandler(), cache, settings.gzipLevel);

await app.prepare();
const collector = settings.idleGcMs > 0 ? new IdleCollector({ idleMs: settings.idleGcMs }) : null;
collector?.start();
const server = createServer((request, response) => {
  collector?.noteRequest();
  // The one place that sees the socket: proxy.ts and the BFF read the client IP from this header, never from
  // what the client sent (any incoming copy is overwritten).
  request.headers[CLIENT_IP_HEADER] = clientIpFromChain(request.socket.remoteAddress, request.headers['x-forwarded-for'], settings.trustedProxyHops);
  if (!isSupportedMethod(request.method)) return sendMethodNotAllowed(request.url, response);
  if (!hasDecodablePath(request.url)) return sendBadPath(request.url, response);
  if (declaresTooLargeBody(request)) return sendTooLarge(request.url, response);
  Promise.resolve(handleRequest(request, response)).catch((error: unknown) => {
    console.error('[web] request failed', error);
    if (!response.headersSent) {
      response.statusCode = 500;
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('Eroare internă. Vă rugăm să reîncercați.');
    } else {
      response.destroy();
    }
  });
});
// Node closes an idle keep-alive connection after 5 s by default; a client that sends its next request on that
// connection at the same moment gets ECONNRESET (an e2e API request did). Idle connections stay open for 65 s,
// longer than the usual client and load-balancer idle timeouts, so the client is the side that closes them.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(settings.port, settings.host, () => {
  const cacheState = cache.enabled ? `guest page cache ${settings.cache.ttlMs} ms` : 'guest page cache off';
  console.log(`[web] ready on http://${settings.host ?? 'localhost'}:${settings.port} (${cacheState})`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
