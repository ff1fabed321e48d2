import { createServer, type RequestListener, type Server } from 'node:http';
import { addressBlock } from '@/contract/address-block';
import { normaliseIp } from '@/lib/net/client-ip';
import { log } from '@/lib/server/log';

/** The bounds of the web server's HTTP server on slow and piling clients (server/settings.ts). */
export type HttpServerLimits = {
  /** A request's headers must all have arrived this long after its first byte (or after the connection opened). */
  headersTimeoutMs: number;
  /** A request's headers and body must all have arrived this long after its first byte (not ≤ headersTimeoutMs). */
  requestTimeoutMs: number;
  /** Connections one client address (IPv6: its /64) may hold open at once; 0 = no cap. */
  maxConnectionsPerIp: number;
  /** TRUSTED_PROXY_HOPS: above 0 every connection comes from a proxy, so the cap per address is off. */
  trustedProxyHops: number;
};

/**
 * Node closes an idle keep-alive connection after 5 s by default; a client that sends its next request on that
 * connection at the same moment gets ECONNRESET (an e2e API request did). Idle connections stay open for 65 s,
 * longer than the usual client and load-balancer idle timeouts, so the client is the side that closes them.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The web server's HTTP server (server/main.ts), bounded against slow and piling clients (slowloris):
 *
 * - A request whose headers have not all arrived `headersTimeoutMs` after it started (a new connection that sends
 *   nothing included), or whose body has not `requestTimeoutMs` after it started, gets 408 and its connection is
 *   closed (Node's own deadlines; it checks them every `connectionsCheckingInterval`). They bound receiving the
 *   request only: an answer streamed for longer (a rendered page's Suspense chunks, a policy PDF at a slow
 *   reader's pace) is not cut, and an idle keep-alive connection waits for its next request up to the keep-alive
 *   timeout. No request of this app is long: bodies are JSON forms of at most 1 MiB, uploads there are none, and
 *   realtime goes to the backend's own socket (PUSHER_WS_HOST), not through this server.
 * - One client address holds at most `maxConnectionsPerIp` open connections (IPv6: its /64, one subscriber's
 *   block); past it a new connection is closed at once, before anything is read. The address is the socket's,
 *   never an X-Forwarded-For a client chose. Behind a trusted proxy (`trustedProxyHops` > 0) every connection
 *   comes from the proxy, so the cap would throttle the whole site: it is off, and the proxy must bound
 *   connections per client (README "Operations").
 */
export function createHttpServer(handler: RequestListener, limits: HttpServerLimits): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node's default is 30 s, which could let a deadline run over by as much again.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4))),
    },
    handler,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  if (limits.maxConnectionsPerIp > 0 && limits.trustedProxyHops === 0) capConnectionsPerClient(server, limits.maxConnectionsPerIp);
  else if (limits.maxConnectionsPerIp > 0) {
    log('info', 'no cap on connections per client address: behind a trusted proxy every connection is the proxy\'s', {
      trusted_proxy_hops: limits.trustedProxyHops,
    });
  }
  return server;
}

/** The cap's key for a socket address: the address, or for IPv6 its /64 (as the backend's throttles count). */
export function connectionKey(address: string | undefined): string {
  const ip = normaliseIp(address);
  return ip ? addressBlock(ip) : 'unknown';
}

function capConnectionsPerClient(server: Server, max: number) {
  const open = new Map<string, number>();
  /** Clients at the cap that have been logged: one line per episode, not one per refused connection of a flood. */
  const logged = new Set<string>();
  server.on('connection', (socket) => {
    const key = connectionKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      if (!logged.has(key)) {
        logged.add(key);
        // No address in the log (no log line carries one); the count says which limit was met.
        log('warn', 'connections refused: a client address holds the most it may open', { max_connections_per_ip: max });
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) logged.delete(key);
    });
  });
}
