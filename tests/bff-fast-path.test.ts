// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * server/bff-fast-path.ts: the web server's BFF reads use the same session module as forward.ts
 * (lib/session/session.ts): cookie names, bearer, client IP, products host, XSRF cookie attributes.
 */
type Seen = { server: 'backend' | 'products'; url: string; headers: http.IncomingHttpHeaders };
let seen: Seen[] = [];
let status = 200;
const servers: http.Server[] = [];
let web = '';

function fakeHost(name: Seen['server']) {
  return http.createServer((req, res) => {
    seen.push({ server: name, url: req.url!, headers: req.headers });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { from: name } }));
  });
}

async function listen(s: http.Server): Promise<string> {
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  process.env.BACKEND_API_URL = await listen(fakeHost('backend'));
  process.env.PRODUCTS_API_URL = await listen(fakeHost('products'));
  process.env.WEB_APP_URL = 'http://localhost:3000';
  process.env.SESSION_SECRET = 'test-secret-0123456789abcdef';
  const { serveBffRead } = await import('@/server/bff-fast-path');
  web = await listen(
    http.createServer((req, res) => {
      void serveBffRead(req, res).then((served) => {
        if (!served) res.writeHead(299).end('next.js');
      });
    }),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

beforeEach(() => {
  seen = [];
  status = 200;
});

const read = (path: string, headers: Record<string, string> = {}) => fetch(`${web}${path}`, { headers });

describe('BFF read fast path', () => {
  it('sends the session cookie as bearer and the x-client-ip header as X-Forwarded-For', async () => {
    const res = await read('/api/v1/orders', { cookie: 'bs_session=tok1; XSRF-TOKEN=x', 'x-client-ip': '::ffff:203.0.113.9', 'x-forwarded-for': '6.6.6.6' });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].server).toBe('backend');
    expect(seen[0].headers.authorization).toBe('Bearer tok1');
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen[0].headers.cookie).toBeUndefined();
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('never believes a client X-Forwarded-For without x-client-ip, and sends no bearer without a session', async () => {
    await read('/api/v1/maintenances/status', { 'x-forwarded-for': '6.6.6.6' });
    expect(seen[0].headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('products paths go to the products host; a browser without one gets the XSRF cookie', async () => {
    const res = await read('/api/v1/products/rca');
    expect(seen.map((s) => [s.server, s.url])).toEqual([['products', '/api/v1/products/rca']]);
    const [xsrf] = res.headers.getSetCookie();
    expect(xsrf).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=lax$/);
  });

  it('leaves 401/403 answers and the token-in-query reads to the route handler', async () => {
    status = 401;
    expect((await read('/api/v1/auth/user', { cookie: 'bs_session=ended' })).status).toBe(299);
    status = 200;
    seen = [];
    expect((await read('/api/v1/two-factor-auth-providers/user', { cookie: 'bs_session=tok1' })).status).toBe(299);
    expect(seen).toHaveLength(0);
  });
});
