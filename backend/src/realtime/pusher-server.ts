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

interface Options {
  server: Server;
  key: string;
  secret: string;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The shop's origin (WEB_APP_URL): browser pages of other sites may not open sockets. */
  webAppUrl: string;
}

/**
 * Pusher Channels protocol v7 over WebSocket on `/app/{key}`: connection_established, subscribe
 * (public and private-* with signature check), unsubscribe, ping/pong and an activity timeout.
 * Bounded: at most MAX_SOCKETS_PER_ADDRESS open sockets per client address (the socket's own address, never a
 * header's), MAX_CHANNELS_PER_SOCKET channels per socket, 64 KB per message; upgrades from another site's page
 * (Origin) are refused.
 */
export function attachPusherServer({ server, key, secret, realtime, log, webAppUrl }: Options) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const lastSeen = new Map<WebSocket, number>();
  const socketsPerAddress = new Map<string, number>();

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
      ws.send(JSON.stringify(channel ? { event, channel, data } : { event, data }));
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
    const sub: Subscriber = { socketId, send: (frame) => ws.readyState === ws.OPEN && ws.send(frame) };
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
          held.add(channel);
          realtime.subscribe(channel, sub);
          sendEvent('pusher_internal:subscription_succeeded', '{}', channel);
          return;
        }
        case 'pusher:unsubscribe': {
          if (typeof d.channel === 'string' && held.delete(d.channel)) realtime.unsubscribe(d.channel, sub);
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
    });
    ws.on('error', (err) => log.debug({ err }, 'realtime socket error'));
  }

  // Close sockets silent for longer than the activity timeout plus the pong grace period.
  const sweep = setInterval(() => {
    const limit = Date.now() - (ACTIVITY_TIMEOUT_S + 30) * 1000;
    for (const [ws, seen] of lastSeen) if (seen < limit) ws.close(4201, 'Pong reply not received');
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
