import net from 'node:net';
import { expect, test } from './fixtures';
import { startWeb, stop, waitForHealthy, type Server } from './helpers/processes';

/**
 * The built web server (server/main.ts) with its bounds on slow and piling clients set low (server/http-server.ts):
 * headers that never end are cut with 408 (a short Romanian text, Connection: close) after WEB_HEADERS_TIMEOUT_MS, one client address holds at most
 * WEB_MAX_CONNECTIONS_PER_IP connections (the socket's address, whatever X-Forwarded-For says), another address is
 * not affected, and pages are still served. Its own process on the main web port + 14, against the suite's backend.
 */
test.skip(Boolean(process.env.E2E_BASE_URL), 'starts its own web server from the existing build');
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// + 14: operations.spec.ts uses + 10, captcha.spec.ts + 12.
const PORT = Number(process.env.E2E_WEB_PORT || 3100) + 14;
const BACKEND = `http://127.0.0.1:${Number(process.env.E2E_BACKEND_PORT || 4100)}`;
let web: Server | null = null;

test.beforeAll(async () => {
  web = startWeb(PORT, BACKEND, { WEB_HEADERS_TIMEOUT_MS: '1000', WEB_REQUEST_TIMEOUT_MS: '2000', WEB_MAX_CONNECTIONS_PER_IP: '4' });
  await waitForHealthy(web);
});

test.afterAll(async () => {
  await stop(web);
});

type Raw = { socket: net.Socket; text: () => string; closed: Promise<number> };

function raw(from = '127.0.0.1'): Raw {
  const started = Date.now();
  const socket = net.connect({ port: PORT, host: '127.0.0.1', localAddress: from });
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  return { socket, text: () => text, closed };
}

const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

test('headers that never end are cut with 408 after WEB_HEADERS_TIMEOUT_MS', async () => {
  const slow = raw();
  slow.socket.write(`GET / HTTP/1.1\r\nHost: localhost:${PORT}\r\nX-Slow: 1\r\n`);
  const ms = await within(slow.closed, 10_000);
  expect(ms).not.toBeNull();
  expect(ms!).toBeGreaterThanOrEqual(900);
  expect(slow.text()).toMatch(/^HTTP\/1\.1 408/);
  expect(slow.text()).toMatch(/\r\nConnection: close\r\n/i);
  expect(slow.text()).toContain('Cererea a durat prea mult');
});

test('one client address holds at most WEB_MAX_CONNECTIONS_PER_IP connections; X-Forwarded-For does not change that', async () => {
  // A source address of its own (any 127.x.y.z is this machine): the runner's kept-alive connections are 127.0.0.1's.
  const CLIENT = '127.0.0.3';
  const held = Array.from({ length: 4 }, () => raw(CLIENT));
  held.forEach((c, n) => c.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${PORT}\r\nX-Forwarded-For: 198.51.100.${n}\r\n\r\n`));
  await expect.poll(() => held.every((c) => c.text().startsWith('HTTP/1.1 200'))).toBe(true);

  const refused = raw(CLIENT);
  refused.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${PORT}\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n`);
  expect(await within(refused.closed, 5000)).not.toBeNull();
  expect(refused.text()).toBe('');

  // Another client address still gets pages.
  const other = raw('127.0.0.2');
  other.socket.write(`GET /info/anpc-sal HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close\r\n\r\n`);
  await other.closed;
  expect(other.text()).toMatch(/^HTTP\/1\.1 200/);
  expect(other.text()).toContain('SAL-FIN');

  // Once one closes (and the server has seen it close), the address may open another.
  held[0].socket.destroy();
  await held[0].closed;
  await expect.poll(async () => {
    const again = raw(CLIENT);
    again.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close\r\n\r\n`);
    await again.closed;
    return again.text().slice(0, 12);
  }).toBe('HTTP/1.1 200');
  for (const c of held) c.socket.destroy();
});
