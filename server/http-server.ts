import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  /** Connections the server holds open at once, whoever holds them; past it a new one gets 503 and is closed; 0 = no cap. */
  maxConnections: number;
  /** TRUSTED_PROXY_HOPS: above 0 every connection comes from a proxy, so the cap per address is off. */
  trustedProxyHops: number;
};

/**
 * Node closes an idle keep-alive connection after 5 s by default; a client that sends its next request on that
 * connection at the same moment gets ECONNRESET (an e2e API request did). Idle connections stay open for 65 s,
 * longer than the usual client and load-balancer idle timeouts, so the client is the side that closes them.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Retry-After of the answer to a connection past WEB_MAX_CONNECTIONS, in seconds. */
export const OVERLOAD_RETRY_AFTER_S = 5;
/** How long a refused connection may stay open for its client to read the 503 before it is cut. */
const REFUSED_LINGER_MS = 1000;
/** Refused connections lingering at once; past it a new one is cut without an answer (a flood must not hold descriptors). */
const MAX_REFUSALS_IN_FLIGHT = 256;

const TIMEOUT_TEXT = 'Cererea a durat prea mult și a fost întreruptă. Vă rugăm să reîncercați.';
const OVERLOAD_TEXT = 'Serverul este foarte solicitat în acest moment. Vă rugăm să reîncercați în câteva secunde.';

/** A complete raw answer that closes its connection (written before or instead of any request's answer). */
function rawAnswer(status: string, text: string, extraHeaders: string[] = []): string {
  return [
    `HTTP/1.1 ${status}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Cache-Control: no-store',
    ...extraHeaders,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}

const TIMEOUT_ANSWER = rawAnswer('408 Request Timeout', TIMEOUT_TEXT);
const OVERLOAD_ANSWER = rawAnswer('503 Service Unavailable', OVERLOAD_TEXT, [`Retry-After: ${OVERLOAD_RETRY_AFTER_S}`]);
/** Node's own answers to a malformed request (node:_http_server socketOnError), kept once 'clientError' is ours. */
const NODE_CLIENT_ERROR_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
};
const NODE_BAD_REQUEST_ANSWER = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * The web server's HTTP server (server/main.ts), bounded against slow and piling clients (slowloris):
 *
 * - A request whose headers have not all arrived `headersTimeoutMs` after it started (a new connection that sends
 *   nothing included), or whose body has not `requestTimeoutMs` after it started, gets 408 and its connection is
 *   closed (Node's own deadlines; it checks them every `connectionsCheckingInterval`). They bound receiving the
 *   request only: an answer streamed for longer (a rendered page's Suspense chunks, a policy PDF at a slow
 *   reader's pace) is not cut, and an idle keep-alive connection waits for its next request up to the keep-alive
 *   timeout. No request of this app is long: bodies are JSON forms of at most 1 MiB, uploads there are none, and
 *   realtime goes to the backend's own socket (PUSHER_WS_HOST), not through this server. The 408 carries a short
 *   Romanian text and `Connection: close` (Node's own has an empty body); other malformed requests keep Node's
 *   400/431/413 answers.
 * - One client address holds at most `maxConnectionsPerIp` open connections (IPv6: its /64, one subscriber's
 *   block); past it a new connection is closed at once, before anything is read. The address is the socket's,
 *   never an X-Forwarded-For a client chose. Behind a trusted proxy (`trustedProxyHops` > 0) every connection
 *   comes from the proxy, so the cap would throttle the whole site: it is off, and the proxy must bound
 *   connections per client (README "Operations").
 * - The server holds at most `maxConnections` open connections in all (behind a proxy too), so that a flood from
 *   many addresses cannot use up the process's file descriptors: past it a new connection is answered 503 with
 *   Retry-After and a Romanian text at once, its request (if it sends one) never reaches `handler`, and it is
 *   closed after a moment for the client to read the answer. Refused connections do not count towards the cap;
 *   past MAX_REFUSALS_IN_FLIGHT of them lingering, a new one is cut without an answer.
 */
export function createHttpServer(handler: RequestListener, limits: HttpServerLimits): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node's default is 30 s, which could let a deadline run over by as much again.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (request: IncomingMessage, response: ServerResponse) => {
      // A connection refused past the total cap has had its 503: what it sends is not served.
      if (refused.has(request.socket)) return void request.resume();
      handler(request, response);
    },
  );
  const refused = new WeakSet<Socket>();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  if (limits.maxConnectionsPerIp > 0 && limits.trustedProxyHops === 0) capConnectionsPerClient(server, limits.maxConnectionsPerIp);
  else if (limits.maxConnectionsPerIp > 0) {
    log('info', 'no cap on connections per client address: behind a trusted proxy every connection is the proxy\'s', {
      trusted_proxy_hops: limits.trustedProxyHops,
    });
  }
  // After the cap per client: a connection it cut is not counted here.
  if (limits.maxConnections > 0) capConnections(server, limits.maxConnections, refused);
  return server;
}

/**
 * Node's 'clientError' (a request deadline passed, or a request it cannot parse): the deadline gets a short
 * Romanian 408 instead of Node's empty one, anything else Node's own answer; then the connection is closed. As in
 * Node, nothing is written once an answer has started on the connection (it would corrupt it).
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && (!inFlight || !inFlight.headersSent)) {
    const answer = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? TIMEOUT_ANSWER
      : NODE_CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? NODE_BAD_REQUEST_ANSWER;
    socket.end(answer);
  }
  socket.destroySoon();
  // A client that never reads its answer does not hold the connection.
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

function capConnections(server: Server, max: number, refused: WeakSet<Socket>) {
  let open = 0;
  let refusing = 0;
  let logged = false;
  server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    if (open >= max) {
      if (!logged) {
        logged = true;
        log('warn', 'connections refused: the server holds the most it may open', { max_connections: max });
      }
      refused.add(socket);
      if (refusing >= MAX_REFUSALS_IN_FLIGHT) return void socket.destroy();
      refusing += 1;
      socket.end(OVERLOAD_ANSWER);
      const cut = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
      cut.unref();
      socket.once('close', () => {
        clearTimeout(cut);
        refusing -= 1;
      });
      return;
    }
    open += 1;
    socket.once('close', () => {
      open -= 1;
      if (open < max) logged = false;
    });
  });
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
