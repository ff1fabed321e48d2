// @vitest-environment node
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionKey, createHttpServer, type HttpServerLimits } from '@/server/http-server';
import { readServerSettings } from '@/server/settings';

/**
 * The web server's bounds on slow and piling clients (server/http-server.ts), with real sockets: a request's
 * headers and body must arrive within their deadlines (slowloris), answers are never cut by them (streamed pages,
 * documents), idle keep-alive connections are not either, and one client address holds at most
 * WEB_MAX_CONNECTIONS_PER_IP connections open at once (the socket's address, never a header's).
 */
const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const LIMITS: HttpServerLimits = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxConnectionsPerIp: 256, maxConnections: 4096, trustedProxyHops: 0 };

/** The head and body of a raw HTTP answer. */
function parse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** The request-deadline answer: 408, a short Romanian text, and the connection closed. */
function expectTimeoutAnswer(text: string) {
  const answer = parse(text);
  expect(answer.status).toBe(408);
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(answer.body).toMatch(/Cererea a durat prea mult/);
}

/** A server with `limits` whose answer streams `chunks` parts, one every `everyMs` (one part at once by default). */
async function serve(limits: Partial<HttpServerLimits> = {}, stream: { chunks: number; everyMs: number } = { chunks: 1, everyMs: 0 }) {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const next = () => {
        res.write(`part ${sent}\n`);
        sent += 1;
        if (sent === stream.chunks) res.end();
        else setTimeout(next, stream.everyMs);
      };
      next();
    });
  }, { ...LIMITS, ...limits });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, port };
}

type Client = { socket: Socket; text: () => string; closedAt: Promise<number>; connected: Promise<void> };

/** A raw connection from `from` (any 127.x.y.z is this machine) that records what it receives and when it closes. */
function client(port: number, from = '127.0.0.1'): Client {
  const started = Date.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, text: () => text, closedAt, connected };
}

/** Resolves with the ms until `c` closed, or null when it is still open after `ms`. */
function closedWithin(c: Client, ms: number): Promise<number | null> {
  return Promise.race([c.closedAt, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('request deadlines', () => {
  it('headers that never end are cut after the header deadline, with 408', async () => {
    const { port } = await serve();
    const slow = client(port);
    slow.socket.write('GET / HTTP/1.1\r\nHost: shop\r\nX-Slow: 1\r\n');
    const ms = await closedWithin(slow, 4000);
    expect(ms).not.toBeNull();
    expect(ms!).toBeGreaterThanOrEqual(900);
    expect(slow.text()).toMatch(/^HTTP\/1\.1 408/);
    expectTimeoutAnswer(slow.text());
  }, 10_000);

  it('a connection that sends nothing is cut after the header deadline too', async () => {
    const { port } = await serve();
    const silent = client(port);
    expect(await closedWithin(silent, 4000)).not.toBeNull();
    expectTimeoutAnswer(silent.text());
  }, 10_000);

  it('a body that never finishes is cut after the request deadline, later than the header one', async () => {
    const { port } = await serve();
    const slow = client(port);
    slow.socket.write('POST /api/v1/contact-messages HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const ms = await closedWithin(slow, 5000);
    expect(ms).not.toBeNull();
    expect(ms!).toBeGreaterThanOrEqual(1900);
    expect(slow.text()).toMatch(/^HTTP\/1\.1 408/);
    expectTimeoutAnswer(slow.text());
  }, 10_000);

  it('an answer streamed for longer than the request deadline is not cut', async () => {
    const { port } = await serve({}, { chunks: 7, everyMs: 500 });
    const reader = client(port);
    reader.socket.write('GET /account/policies HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    expect(await closedWithin(reader, 8000)).not.toBeNull();
    expect(reader.text()).toMatch(/^HTTP\/1\.1 200/);
    expect(reader.text()).toContain('part 6\n');
  }, 10_000);

  it('an upgraded connection (a WebSocket) is not cut by them', async () => {
    const { server, port } = await serve();
    server.on('upgrade', (_req, socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      const ticks = setInterval(() => socket.write('tick\n'), 300);
      // The test's client goes away at the end: a tick may meet its closed socket first.
      socket.on('error', () => clearInterval(ticks));
      socket.on('close', () => clearInterval(ticks));
    });
    const ws = client(port);
    ws.socket.write('GET /_next/webpack-hmr HTTP/1.1\r\nHost: shop\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    expect(await closedWithin(ws, 3000)).toBeNull();
    expect(ws.text().split('tick').length).toBeGreaterThan(5);
  }, 10_000);

  it('an idle keep-alive connection outlives both deadlines and takes the next request', async () => {
    const { port } = await serve();
    const kept = client(port);
    kept.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n');
    await until(() => kept.text().includes('part 0'));
    expect(await closedWithin(kept, 2600)).toBeNull();
    kept.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n');
    await until(() => (kept.text().match(/HTTP\/1\.1 200/g) ?? []).length === 2);
  }, 10_000);
});

describe('malformed requests', () => {
  it('still get Node\'s own 400 and 431 answers', async () => {
    const { port } = await serve();
    const bad = client(port);
    bad.socket.write('NOT HTTP AT ALL\r\n\r\n');
    await bad.closedAt;
    expect(bad.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const huge = client(port);
    huge.socket.write(`GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await huge.closedAt;
    expect(huge.text()).toMatch(/^HTTP\/1\.1 431 /);
  }, 10_000);
});

describe('open connections in total', () => {
  it('answers a connection past WEB_MAX_CONNECTIONS with 503, Retry-After and a Romanian text, closes it, and accepts again once one closes', async () => {
    const { port } = await serve({ maxConnections: 3 });
    // From three addresses: the cap is the server's, whoever holds the connections.
    const held = ['127.0.0.1', '127.0.0.2', '127.0.0.3'].map((from) => client(port, from));
    await Promise.all(held.map((c) => c.connected));
    held.forEach((c) => c.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
    await until(() => held.every((c) => c.text().includes('part 0')));

    const refused = client(port, '127.0.0.4');
    refused.socket.write('GET /count HTTP/1.1\r\nHost: shop\r\n\r\n');
    expect(await closedWithin(refused, 3000)).not.toBeNull();
    const answer = parse(refused.text());
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toMatch(/Serverul este foarte solicitat/);

    held[0].socket.destroy();
    await held[0].closedAt;
    let answered = false;
    for (let attempt = 0; attempt < 50 && !answered; attempt++) {
      const again = client(port, '127.0.0.4');
      again.socket.write('GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      await again.closedAt;
      answered = again.text().includes('part 0');
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBe(true);
  }, 10_000);

  it('the request sent on a refused connection never reaches the handler', async () => {
    let handled = 0;
    const server = createHttpServer((req, res) => {
      handled += 1;
      req.resume();
      res.end('ok');
    }, { ...LIMITS, maxConnections: 1 });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const held = client(port);
    await held.connected;
    held.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n');
    await until(() => held.text().includes('ok'));
    const refused = client(port, '127.0.0.2');
    await refused.connected;
    refused.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n');
    expect(await closedWithin(refused, 3000)).not.toBeNull();
    expect(refused.text()).toMatch(/^HTTP\/1\.1 503 /);
    expect(handled).toBe(1);
  }, 10_000);

  it('applies behind a trusted proxy too, and 0 turns it off', async () => {
    const behind = await serve({ maxConnections: 2, trustedProxyHops: 1 });
    const held = [client(behind.port), client(behind.port)];
    held.forEach((c) => c.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
    await until(() => held.every((c) => c.text().includes('part 0')));
    const refused = client(behind.port);
    await refused.closedAt;
    expect(refused.text()).toMatch(/^HTTP\/1\.1 503 /);

    const off = await serve({ maxConnections: 0 });
    const many = Array.from({ length: 8 }, () => client(off.port));
    many.forEach((c) => c.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
    await until(() => many.every((c) => c.text().includes('part 0')));
  }, 10_000);
});

describe('open connections per client address', () => {
  it('refuses connections past WEB_MAX_CONNECTIONS_PER_IP from one address, serves other addresses, and accepts again once one closes', async () => {
    const { port } = await serve({ maxConnectionsPerIp: 5 });
    // Five connections held open, each claiming another client in X-Forwarded-For: one socket address all the same.
    const held = Array.from({ length: 5 }, () => client(port));
    await Promise.all(held.map((c) => c.connected));
    held.forEach((c, n) => c.socket.write(`GET / HTTP/1.1\r\nHost: shop\r\nX-Forwarded-For: 198.51.100.${n}\r\n\r\n`));
    await until(() => held.every((c) => c.text().includes('part 0')));

    const refused = client(port);
    refused.socket.write('GET / HTTP/1.1\r\nHost: shop\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n');
    expect(await closedWithin(refused, 2000)).not.toBeNull();
    expect(refused.text()).toBe('');

    // Another client (another source address) is not affected.
    const other = client(port, '127.0.0.2');
    other.socket.write('GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    await until(() => other.text().includes('part 0'));

    // Once one closes (and the server has seen it close), the address may open another.
    held[0].socket.destroy();
    await held[0].closedAt;
    let answered = false;
    for (let attempt = 0; attempt < 50 && !answered; attempt++) {
      const again = client(port);
      again.socket.write('GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      await again.closedAt;
      answered = again.text().includes('part 0');
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBe(true);
  }, 10_000);

  it('does not cap anything behind a trusted proxy (every connection comes from the proxy)', async () => {
    const { port } = await serve({ maxConnectionsPerIp: 5, trustedProxyHops: 1 });
    const many = Array.from({ length: 8 }, () => client(port));
    many.forEach((c) => c.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
    await until(() => many.every((c) => c.text().includes('part 0')));
  }, 10_000);

  it('0 turns the cap off', async () => {
    const { port } = await serve({ maxConnectionsPerIp: 0 });
    const many = Array.from({ length: 8 }, () => client(port));
    many.forEach((c) => c.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
    await until(() => many.every((c) => c.text().includes('part 0')));
  }, 10_000);

  it('counts an IPv4 client by its address and an IPv6 client by its /64', () => {
    expect(connectionKey('203.0.113.7')).toBe('203.0.113.7');
    expect(connectionKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(connectionKey('2001:db8:1:2:aaaa::1')).toBe(connectionKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(connectionKey('2001:db8:1:2::1')).not.toBe(connectionKey('2001:db8:1:3::1'));
    expect(connectionKey('::1')).toBe(connectionKey('::2'));
    expect(connectionKey(undefined)).toBe('unknown');
  });
});

describe('settings', () => {
  it('defaults: 30 s for a request, 20 s for its headers, 256 connections per client address, 4096 in all', () => {
    expect(readServerSettings([], {}).limits).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 20_000, maxConnectionsPerIp: 256, maxConnections: 4096 });
    expect(readServerSettings([], { WEB_REQUEST_TIMEOUT_MS: '60000', WEB_HEADERS_TIMEOUT_MS: '60000', WEB_MAX_CONNECTIONS_PER_IP: '0', WEB_MAX_CONNECTIONS: '0' }).limits)
      .toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 60_000, maxConnectionsPerIp: 0, maxConnections: 0 });
  });

  it('refuses a header deadline longer than the request one, and values out of range', () => {
    expect(() => readServerSettings([], { WEB_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/WEB_HEADERS_TIMEOUT_MS: must not be longer than WEB_REQUEST_TIMEOUT_MS/);
    expect(() => readServerSettings([], { WEB_REQUEST_TIMEOUT_MS: '0' })).toThrow(/WEB_REQUEST_TIMEOUT_MS/);
    expect(() => readServerSettings([], { WEB_MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(/WEB_MAX_CONNECTIONS_PER_IP/);
    expect(() => readServerSettings([], { WEB_MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(/WEB_MAX_CONNECTIONS_PER_IP/);
    expect(() => readServerSettings([], { WEB_MAX_CONNECTIONS: '-1' })).toThrow(/WEB_MAX_CONNECTIONS/);
    expect(() => readServerSettings([], { WEB_MAX_CONNECTIONS: 'lots' })).toThrow(/WEB_MAX_CONNECTIONS/);
  });
});
