import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomInt } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime, Subscriber } from './broadcaster';
import { hmacHex, safeEqual } from '../lib/crypto';
import { normalIp } from '../lib/http';
import { ipSubject } from '../lib/throttle';
import { isLoopbackHost } from '../../../lib/config/secret-rules';

const ACTIVITY_TIMEOUT_S = 120;
/** Channels one socket may hold (the shop's tab holds two: `site` and its user's channel). */
export const MAX_CHANNELS_PER_SOCKET = 100;
/** Sockets one client address (IPv6: its /64) may hold open at once. */
export const MAX_SOCKETS_PER_ADDRESS = 100;
/**
 * Bytes of answers and events that may wait in memory for one socket that stopped reading. Every frame a client
 * sends is answered (a pong, an error): a client that keeps sending and never reads would otherwise have the
 * server hold all of them. Past this bound the socket is dropped (its page reconnects and reads the state).
 */
export const REALTIME_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Sends a frame, or drops the socket when more than REALTIME_MAX_BUFFERED_BYTES already wait for it. */
function sendBounded(ws: WebSocket, frame: string): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > REALTIME_MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  ws.send(frame);
}

/**
 * Whether a browser page of `origin` may open a socket: the shop's own origin; for a shop on a loopback host (a
 * local run), any loopback name with the same scheme and port. Clients that send no Origin (server SDKs, tests)
 * are not browsers' pages and pass.
 */
export function allowedOrigin(origin: string | undefined, webAppUrl: string): boolean {
  if (origin === undefined) return true;
  let page: URL;
  let shop: URL;
  try {
    page = new URL(origin);
    shop = new URL(webAppUrl);
  } catch {
    return false;
  }
  if (page.origin === shop.origin) return true;
  return isLoopbackHost(shop.hostname) && isLoopbackHost(page.hostname) && page.protocol === shop.protocol && page.port === shop.port;
}

export function channelSignature(secret: string, socketId: string, channel: string): string {
  return hmacHex(secret, `${socketId}:${channel}`);
}

/**
 * Which session authorised a private subscription, and whether it still stands. `take` consumes the grant
 * POST /pusher/auth recorded for (socket, channel) and returns its session id (null: none, or expired).
 */
export interface ChannelGrants {
  take(socketId: string, channel: string): number | null;
  live(sessionId: number): boolean;
}

/** Pusher's "connection is unauthorized" (4000–4099: pusher-js does not reconnect as it was). */
export const SESSION_ENDED_CLOSE_CODE = 4009;

interface Options {
  server: Server;
  key: string;
  secret: string;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The shop's origin (WEB_APP_URL): browser pages of other sites may not open sockets. */
  webAppUrl: string;
  /** The sessions behind private subscriptions: a channel lasts no longer than the session that opened it. */
  grants: ChannelGrants;
}

/**
 * Pusher Channels protocol v7 over WebSocket on `/app/{key}`: connection_established, subscribe
 * (public and private-* with signature check), unsubscribe, ping/pong and an activity timeout.
 * Bounded: at most MAX_SOCKETS_PER_ADDRESS open sockets per client address (the socket's own address, never a
 * header's), MAX_CHANNELS_PER_SOCKET channels per socket, 64 KB per message, REALTIME_MAX_BUFFERED_BYTES of unread
 * answers (then the socket is dropped); upgrades from another site's page
 * (Origin) are refused.
 *
 * A private subscription keeps the id of the session whose bearer /pusher/auth signed it; once that session has
 * ended (logout, revoked from another device, password changed or reset, expired, account deleted), the socket gets
 * none of the channel's events: it is closed with 4009 at the next event or the next sweep, whichever comes first.
 */
export function attachPusherServer({ server, key, secret, realtime, log, webAppUrl, grants }: Options) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const lastSeen = new Map<WebSocket, number>();
  /** Per socket with private subscriptions: channel → the session that authorised it. */
  const privateSessions = new Map<WebSocket, Map<string, number>>();
  const sessionsLive = (held: Map<string, number> | undefined) => {
    if (!held) return true;
    for (const sessionId of held.values()) if (!grants.live(sessionId)) return false;
    return true;
  };
  const endUnauthorised = (ws: WebSocket, sub: Subscriber) => {
    realtime.unsubscribeAll(sub);
    privateSessions.delete(ws);
    if (ws.readyState === ws.OPEN) ws.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
  };
  const socketsPerAddress = new Map<string, number>();
  const subscribers = new Map<WebSocket, Subscriber>();

  const refuse = (socket: Duplex, status: string) => {
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/app\/([^/]+)$/.exec(url.pathname);
    let appKey: string | null = null;
    try {
      if (m) appKey = decodeURIComponent(m[1]);
    } catch {
      // a malformed escape (`/app/%E0`): no such app. Thrown here it would be uncaught and end the process.
    }
    if (appKey === null) return refuse(socket, '404 Not Found');
    const requested = appKey;
    if (!allowedOrigin(req.headers.origin, webAppUrl)) return refuse(socket, '403 Forbidden');
    const address = ipSubject(normalIp(req.socket.remoteAddress) ?? 'unknown');
    const held = socketsPerAddress.get(address) ?? 0;
    if (held >= MAX_SOCKETS_PER_ADDRESS) return refuse(socket, '429 Too Many Requests');
    // Counted from the upgrade on, so that concurrent handshakes cannot all slip under the cap.
    socketsPerAddress.set(address, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) socketsPerAddress.set(address, left);
      else socketsPerAddress.delete(address);
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', release);
      onConnection(ws, requested, url);
    });
  };

  function onConnection(ws: WebSocket, appKey: string, url: URL) {
    const sendEvent = (event: string, data: unknown, channel?: string) =>
      sendBounded(ws, JSON.stringify(channel ? { event, channel, data } : { event, data }));
    if (appKey !== key) {
      sendEvent('pusher:error', { code: 4001, message: `App key ${appKey} does not exist` });
      ws.close(4001, 'Unknown app key');
      return;
    }
    const protocol = Number(url.searchParams.get('protocol') ?? 7);
    if (!Number.isFinite(protocol) || protocol < 5) {
      sendEvent('pusher:error', { code: 4007, message: 'Unsupported protocol version' });
      ws.close(4007, 'Unsupported protocol version');
      return;
    }
    const socketId = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    const sub: Subscriber = {
      socketId,
      send: (frame, channel) => {
        if (ws.readyState !== ws.OPEN) return;
        // The session behind a private channel is asked before each of its events leaves (a database read).
        const held = privateSessions.get(ws);
        const sessionId = held?.get(channel);
        if (sessionId !== undefined) {
          let live: boolean;
          try {
            live = grants.live(sessionId);
          } catch (err) {
            // Unknown (a locked database): this event is not sent; realtime is a hint, the pages read the state.
            log.warn({ err }, 'realtime session check failed');
            return;
          }
          if (!live) return endUnauthorised(ws, sub);
        }
        sendBounded(ws, frame);
      },
    };
    subscribers.set(ws, sub);
    const held = new Set<string>();
    lastSeen.set(ws, Date.now());
    sendEvent('pusher:connection_established', JSON.stringify({ socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_S }));

    ws.on('message', (raw) => {
      lastSeen.set(ws, Date.now());
      let msg: { event?: unknown; data?: unknown; channel?: unknown };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        sendEvent('pusher:error', { code: 4200, message: 'Invalid JSON' });
        return;
      }
      // `null`, a number, a string or an array is no frame; reading its fields would throw out of this listener,
      // uncaught, and end the process.
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
        sendEvent('pusher:error', { code: 4200, message: 'Invalid frame' });
        return;
      }
      let data = msg.data as Record<string, unknown> | string | undefined;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          // keep the string
        }
      }
      const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      switch (msg.event) {
        case 'pusher:ping':
          sendEvent('pusher:pong', '{}');
          return;
        case 'pusher:pong':
          return;
        case 'pusher:subscribe': {
          const channel = typeof d.channel === 'string' ? d.channel : '';
          if (!channel || channel.length > 200 || !/^[A-Za-z0-9_\-=@,.;]+$/.test(channel)) {
            sendEvent('pusher:error', { code: null, message: 'Invalid channel name' });
            return;
          }
          if (channel.startsWith('presence-')) {
            sendEvent('pusher:error', { code: null, message: 'Presence channels are not supported' });
            return;
          }
          if (channel.startsWith('private-')) {
            const auth = typeof d.auth === 'string' ? d.auth : '';
            const expected = `${key}:${channelSignature(secret, socketId, channel)}`;
            if (!safeEqual(auth, expected)) {
              sendEvent('pusher:error', { code: null, message: `Invalid signature: Expected HMAC SHA256 hex digest of ${socketId}:${channel}` });
              return;
            }
          }
          if (!held.has(channel) && held.size >= MAX_CHANNELS_PER_SOCKET) {
            sendEvent('pusher:error', { code: null, message: `Too many channels: at most ${MAX_CHANNELS_PER_SOCKET} per connection` });
            return;
          }
          if (channel.startsWith('private-')) {
            // The signature says /pusher/auth signed; its grant says for which session, which must still stand.
            const sessionId = grants.take(socketId, channel);
            if (sessionId === null || !grants.live(sessionId)) {
              sendEvent('pusher:error', { code: SESSION_ENDED_CLOSE_CODE, message: 'Subscription not authorised: the session has ended' });
              return;
            }
            let sessions = privateSessions.get(ws);
            if (!sessions) privateSessions.set(ws, (sessions = new Map()));
            sessions.set(channel, sessionId);
          }
          held.add(channel);
          realtime.subscribe(channel, sub);
          sendEvent('pusher_internal:subscription_succeeded', '{}', channel);
          return;
        }
        case 'pusher:unsubscribe': {
          if (typeof d.channel === 'string' && held.delete(d.channel)) {
            realtime.unsubscribe(d.channel, sub);
            privateSessions.get(ws)?.delete(d.channel);
          }
          return;
        }
        default:
          if (typeof msg.event === 'string' && msg.event.startsWith('client-')) {
            sendEvent('pusher:error', { code: null, message: 'Client events are not enabled' });
          }
      }
    });
    ws.on('close', () => {
      realtime.unsubscribeAll(sub);
      lastSeen.delete(ws);
      privateSessions.delete(ws);
      subscribers.delete(ws);
    });
    ws.on('error', (err) => log.debug({ err }, 'realtime socket error'));
  }

  // Close sockets silent for longer than the activity timeout plus the pong grace period, and those whose private
  // channel's session has ended since (a socket with no event to receive would otherwise stay subscribed).
  const sweep = setInterval(() => {
    const limit = Date.now() - (ACTIVITY_TIMEOUT_S + 30) * 1000;
    for (const [ws, seen] of lastSeen) if (seen < limit) ws.close(4201, 'Pong reply not received');
    for (const [ws, held] of privateSessions) {
      try {
        const sub = subscribers.get(ws);
        if (sub && !sessionsLive(held)) endUnauthorised(ws, sub);
      } catch (err) {
        log.warn({ err }, 'realtime session check failed');
      }
    }
  }, 30_000);
  sweep.unref();

  server.on('upgrade', onUpgrade);
  return {
    close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
