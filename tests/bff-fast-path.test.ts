// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * server/bff-fast-path.ts: the web server's BFF reads use the same session module as forward.ts
 * (lib/session/session.ts): cookie names, bearer, client IP, products host, XSRF cookie attributes; and they keep
 * the bounds and answers of lib/net/backend-call.ts (gate, timeout, cancel when the browser leaves, failures).
 */
type Seen = { server: 'backend' | 'products'; method: string; url: string; headers: http.IncomingHttpHeaders; closed: Promise<void> };
let seen: Seen[] = [];
let status = 200;
/** How the fake backend answers; the default is a small JSON body. */
let answer: (req: http.IncomingMessage, res: http.ServerResponse, name: Seen['server']) => void;
/** Sized, like the reference backend's JSON answers (end() without writeHead() sets Content-Length). */
const defaultAnswer: typeof answer = (_req, res, name) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ data: { from: name } }));
};
const servers: http.Server[] = [];
let web = '';
let gateLoad: () => { active: number; queued: number };

function fakeHost(name: Seen['server']) {
  return http.createServer((req, res) => {
    const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
    seen.push({ server: name, method: req.method!, url: req.url!, headers: req.headers, closed });
    answer(req, res, name);
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
  process.env.BACKEND_TIMEOUT_MS = '1000';
  process.env.BACKEND_MAX_CONCURRENCY = '2';
  process.env.BACKEND_MAX_QUEUE = '1';
  const { serveBffRead } = await import('@/server/bff-fast-path');
  ({ backendGateLoad: gateLoad } = await import('@/lib/net/backend-call'));
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
  answer = defaultAnswer;
});

const read = (path: string, headers: Record<string, string> = {}) => fetch(`${web}${path}`, { headers });

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request with exactly these headers (fetch adds its own Accept-Encoding); resolves with the raw answer. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const call = http.request(`${web}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

/** The gate's load once it holds no call, or after a second (a slot is released a moment after the answer). */
async function gateEmpty() {
  await vi.waitFor(() => expect(gateLoad()).toEqual({ active: 0, queued: 0 }), { timeout: 1000 }).catch(() => undefined);
  return gateLoad();
}

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
    status = 403;
    expect((await read('/api/v1/auth/user', { cookie: 'bs_session=owes-2fa' })).status).toBe(299);
    status = 200;
    seen = [];
    expect((await read('/api/v1/two-factor-auth-providers/user', { cookie: 'bs_session=tok1' })).status).toBe(299);
    expect(seen).toHaveLength(0);
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('leaves writes, unlisted and unusual paths to Next.js without calling the backend', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/orders'],
      ['GET', '/api/v1/admin/users'],
      ['GET', '/api/v1/products/%2e%2e'],
      ['GET', '/api/v1/products//rca'],
      ['GET', '/api/xsrf'],
    ] as const) {
      expect((await raw(path, {}, method)).status, `${method} ${path}`).toBe(299);
    }
    expect(seen).toHaveLength(0);
  });

  it('forwards the query, the allowed request headers and the request id, nothing else', async () => {
    await raw('/api/v1/vehicles/lookup?plate=B123ABC&vin=X', {
      accept: 'application/json',
      'accept-language': 'ro',
      'user-agent': 'test-agent',
      'x-request-id': 'req-123',
      'x-admin-token': 'forged',
      cookie: 'bs_session=tok1; other=1',
    });
    expect(seen[0].url).toBe('/api/v1/vehicles/lookup?plate=B123ABC&vin=X');
    const h = seen[0].headers;
    expect([h.accept, h['accept-language'], h['user-agent'], h['x-request-id'], h.authorization]).toEqual([
      'application/json',
      'ro',
      'test-agent',
      'req-123',
      'Bearer tok1',
    ]);
    expect(h['x-admin-token']).toBeUndefined();
    expect(h.cookie).toBeUndefined();
  });

  it('answers with the backend status, body and allowed headers, the security headers and no-store by default', async () => {
    answer = (_req, res) => {
      res.statusCode = 404;
      for (const [name, value] of Object.entries({ 'content-type': 'application/json', etag: '"v1"', 'x-site-product-statuses': '{"rca":true}', 'x-internal': 'secret' })) {
        res.setHeader(name, value);
      }
      res.end('{"error":{"code":"not_found"}}');
    };
    const res = await raw('/api/v1/policies/7', { cookie: 'XSRF-TOKEN=x' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe('{"error":{"code":"not_found"}}');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['x-site-product-statuses']).toBe('{"rca":true}');
    expect(res.headers['x-internal']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['set-cookie']).toBeUndefined();

    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
      res.end('{}');
    };
    expect((await raw('/api/v1/faq')).headers['cache-control']).toBe('public, max-age=60');
  });

  it('gzips a large answer when the browser accepts it, never a small one', async () => {
    const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Produsul ${id}` })) });
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      res.end(big);
    };
    const zipped = await raw('/api/v1/products', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(big);
    const plain = await raw('/api/v1/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(big);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(big)));

    answer = defaultAnswer;
    const small = await raw('/api/v1/faq', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"data":{"from":"backend"}}');
  });

  it('reuses a gzip only for the very same bytes: a changed answer is compressed afresh, for guests and sessions', async () => {
    let big = JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Asigurare ${id}` })) });
    answer = (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(big);
    };
    const unzip = async (headers: Record<string, string>) => {
      const res = await raw('/api/v1/products?lang=ro', { 'accept-encoding': 'gzip', ...headers });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-length']).toBe(String(res.body.length));
      return gunzipSync(res.body).toString();
    };
    const first = big;
    expect(await unzip({})).toBe(first);
    expect(await unzip({})).toBe(first);
    expect(await unzip({ cookie: 'bs_session=tok1' })).toBe(first);
    big = big.replace('Asigurare 7"', 'Asigurare 7 (nouă)"');
    expect(await unzip({ cookie: 'bs_session=tok1' })).toBe(big);
    expect(await unzip({})).toBe(big);
    expect(await unzip({})).toBe(big);
    expect(seen).toHaveLength(6);
  });

  it('passes a HEAD on as a HEAD, with the headers and no body', async () => {
    const res = await raw('/api/v1/faq', {}, 'HEAD');
    expect(seen[0].method).toBe('HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body.length).toBe(0);
  });

  it('streams an answer larger than it buffers, whole', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      for (let i = 0; i < 40; i++) res.write(chunk);
      res.end();
    };
    const res = await raw('/api/v1/policies/7/document');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(40 * chunk.length);
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('answers 504 backend_timeout when the backend does not answer in BACKEND_TIMEOUT_MS, and frees the call', async () => {
    answer = () => undefined;
    const res = await raw('/api/v1/faq', { cookie: 'XSRF-TOKEN=x' });
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body.toString()).error.code).toBe('backend_timeout');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await seen[0].closed;
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('answers 502 backend_unreachable when the backend drops the connection', async () => {
    answer = (_req, res) => res.socket?.destroy();
    const res = await raw('/api/v1/faq');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body.toString()).error).toMatchObject({ code: 'backend_unreachable', pretty_message: expect.stringMatching(/Încercați din nou/) });
    expect(res.headers['set-cookie']?.[0]).toMatch(/^XSRF-TOKEN=/);
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('answers 502 when the backend fails in the middle of a body it reads whole, and cuts a streamed one', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"data":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const buffered = await raw('/api/v1/faq');
    expect(buffered.status).toBe(502);
    expect(JSON.parse(buffered.body.toString()).error.code).toBe('backend_unreachable');
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });

    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('x'.repeat(100_000));
      setTimeout(() => res.socket?.destroy(), 20);
    };
    await expect(raw('/api/v1/policies/7/document')).rejects.toThrow();
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('answers 503 + Retry-After when the gate and its queue are full (BACKEND_MAX_CONCURRENCY, BACKEND_MAX_QUEUE)', async () => {
    const held: http.ServerResponse[] = [];
    answer = (_req, res) => void held.push(res);
    const first = [raw('/api/v1/faq'), raw('/api/v1/insurers')];
    while (gateLoad().active < 2) await new Promise((r) => setTimeout(r, 5));
    const queued = raw('/api/v1/faq');
    while (gateLoad().queued < 1) await new Promise((r) => setTimeout(r, 5));
    const refused = await raw('/api/v1/faq');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(JSON.parse(refused.body.toString()).error.code).toBe('backend_busy');
    // The queued call gets the slot of the first one to finish, and is answered.
    held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    while (held.length < 2) await new Promise((r) => setTimeout(r, 5));
    for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    expect((await Promise.all([...first, queued])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });

  it('cancels the backend call when the browser leaves', async () => {
    answer = () => undefined;
    const call = http.request(`${web}/api/v1/orders`, { agent: false });
    call.on('error', () => undefined);
    call.end();
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    const left = performance.now();
    call.destroy();
    await seen[0].closed;
    // Well before BACKEND_TIMEOUT_MS (1 s), which would end it too.
    expect(performance.now() - left).toBeLessThan(500);
    expect(await gateEmpty()).toEqual({ active: 0, queued: 0 });
  });
});
