// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

type Seen = { server: 'backend' | 'products'; method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };
let seen: Seen[] = [];
let reply: (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string> } = () => ({ status: 200, body: { data: {} } });
let server: http.Server;
let productsServer: http.Server;
let base = '';

type Module = typeof import('@/lib/bff/forward');
let forwardApiRequest: Module['forwardApiRequest'];
let forwardToBackendPath: Module['forwardToBackendPath'];
let verifyTwoFactorState: typeof import('@/lib/session/two-factor-state').verifyTwoFactorState;
let resetRevocationQueueForTests: typeof import('@/lib/bff/session-revocation').resetRevocationQueueForTests;
let settlePendingRevocations: typeof import('@/lib/bff/session-revocation').settlePendingRevocations;

const APP = 'http://localhost:3000';
const XSRF = 'xsrf-abc';

// The broker API and the products service are two hosts (BACKEND_API_URL, PRODUCTS_API_URL): two servers here.
function fakeHost(name: Seen['server']) {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { server: name, method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(entry);
      const r = entry.url.startsWith('/api/v1/auth/two-factor/check-active-session')
        ? { status: 200, body: { data: { is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true, is_active: false, is_two_factor_auth_required: false } } }
        : reply(entry);
      res.writeHead(r.status, { 'content-type': 'application/json', ...(r.headers ?? {}) });
      res.end(r.body === undefined ? '' : JSON.stringify(r.body));
    });
  });
}

async function listen(s: http.Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = fakeHost('backend');
  productsServer = fakeHost('products');
  base = await listen(server);
  process.env.BACKEND_API_URL = base;
  process.env.PRODUCTS_API_URL = `${await listen(productsServer)}/`;
  process.env.WEB_APP_URL = APP;
  process.env.SESSION_SECRET = 'test-secret-0123456789abcdef';
  ({ forwardApiRequest, forwardToBackendPath } = await import('@/lib/bff/forward'));
  ({ verifyTwoFactorState } = await import('@/lib/session/two-factor-state'));
  ({ resetRevocationQueueForTests, settlePendingRevocations } = await import('@/lib/bff/session-revocation'));
});

afterAll(async () => {
  await Promise.all([server, productsServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

beforeEach(() => {
  seen = [];
  reply = () => ({ status: 200, body: { data: {} } });
});

function req(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string>; token?: string; xsrf?: string | null } = {}) {
  const cookies = [`XSRF-TOKEN=${init.xsrf === undefined ? XSRF : (init.xsrf ?? '')}`];
  if (init.token) cookies.push(`bs_session=${init.token}`, 'bs_partner=abc');
  const headers: Record<string, string> = {
    cookie: cookies.join('; '),
    host: 'localhost:3000',
    'user-agent': 'TestAgent/1.0',
    // server/main.ts derives the client IP from the socket and sets x-client-ip; X-Forwarded-For is the client's.
    'x-client-ip': '203.0.113.9',
    'x-forwarded-for': '6.6.6.6, 10.0.0.1',
    ...(init.method && init.method !== 'GET' ? { 'x-xsrf-token': XSRF, 'content-type': 'application/json' } : {}),
    ...init.headers,
  };
  return new Request(`${APP}/api/v1/${path}`, { method: init.method ?? 'GET', body: init.body, headers });
}

function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

describe('forwarding', () => {
  it('adds the bearer from the cookie and X-FORWARDED-FOR, forwards Idempotency-Key, drops cookies', async () => {
    const res = await forwardApiRequest(
      req('orders?page=2', { method: 'POST', body: '{"a":1}', token: 'tok123', headers: { 'idempotency-key': 'key-1' } }),
      ['orders'],
    );
    expect(res.status).toBe(200);
    const hit = seen[0];
    expect(hit.server).toBe('backend');
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/api/v1/orders?page=2');
    expect(hit.headers.authorization).toBe('Bearer tok123');
    expect(hit.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(hit.headers['idempotency-key']).toBe('key-1');
    expect(hit.headers['user-agent']).toBe('TestAgent/1.0');
    expect(hit.headers.cookie).toBeUndefined();
    expect(hit.body.toString()).toBe('{"a":1}');
  });

  it('analytics events reach the backend without the session: the page-view store never holds a bearer', async () => {
    const { POST } = await import('@/app/api/event/route');
    const res = await POST(req('x', { method: 'POST', body: '{"n":"pageview"}', token: 'tok123' }));
    expect(res.status).toBe(200);
    expect(seen[0].url).toBe('/api/event');
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('no bearer without a session cookie', async () => {
    await forwardApiRequest(req('maintenances/status'), ['maintenances', 'status']);
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('products calls go to the products host and pass x-site-product-statuses back', async () => {
    reply = () => ({ status: 200, body: { data: [] }, headers: { 'x-site-product-statuses': '{"updated_at":"t"}' } });
    const res = await forwardApiRequest(req('products/rca'), ['products', 'rca']);
    expect(seen.map((s) => [s.server, s.url])).toEqual([['products', '/api/v1/products/rca']]);
    expect(res.headers.get('x-site-product-statuses')).toBe('{"updated_at":"t"}');
    expect(await res.json()).toEqual({ data: [] });
  });

  it('keeps multipart bodies intact (login)', async () => {
    const form = new FormData();
    form.append('email', 'a@b.ro');
    form.append('password', 'p@ss w0rd');
    const encoded = new Request('http://x/', { method: 'POST', body: form });
    const contentType = encoded.headers.get('content-type')!;
    const bytes = await encoded.arrayBuffer();
    reply = () => ({ status: 422, body: { error: { code: 'validation_failed', message: '{}' } } });
    await forwardApiRequest(
      req('auth/login', { method: 'POST', body: bytes, headers: { 'content-type': contentType } }),
      ['auth', 'login'],
    );
    expect(seen[0].headers['content-type']).toBe(contentType);
    expect(Buffer.compare(seen[0].body, Buffer.from(bytes))).toBe(0);
  });

  it('fills user_ip and user_agent in two-factor bodies from the server view', async () => {
    await forwardApiRequest(
      req('auth/two-factor/generate-code', { method: 'POST', token: 't', body: JSON.stringify({ token: 'cap', provider_code: 'email', user_ip: '6.6.6.6' }) }),
      ['auth', 'two-factor', 'generate-code'],
    );
    expect(JSON.parse(seen[0].body.toString())).toEqual({ token: 'cap', provider_code: 'email', user_ip: '203.0.113.9', user_agent: 'TestAgent/1.0' });
  });

  it('cuts the user_agent of a two-factor body to the 500 characters the backend takes', async () => {
    const userAgent = `Mozilla/5.0 ${'x'.repeat(600)}`;
    await forwardApiRequest(
      req('auth/two-factor/verify-code', { method: 'POST', token: 't', headers: { 'user-agent': userAgent }, body: JSON.stringify({ token: 'cap', two_factor_code: '123456' }) }),
      ['auth', 'two-factor', 'verify-code'],
    );
    const verify = seen.find((s) => s.url === '/api/v1/auth/two-factor/verify-code')!;
    expect(JSON.parse(verify.body.toString())).toEqual({ token: 'cap', two_factor_code: '123456', user_ip: '203.0.113.9', user_agent: userAgent.slice(0, 500) });
  });

  it('forwards only the top-level plain fields of a two-factor body, however deeply nested the rest is', async () => {
    const deep = `{"token":"cap","user_agent":"x","nested":${'['.repeat(200_000)}${']'.repeat(200_000)},"o":{"a":1}}`;
    const res = await forwardApiRequest(
      req('auth/two-factor/check-active-session', { method: 'POST', token: 't', body: deep }),
      ['auth', 'two-factor', 'check-active-session'],
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(seen[0].body.toString())).toEqual({ token: 'cap', user_ip: '203.0.113.9', user_agent: 'TestAgent/1.0' });
  });

  it('puts the access token in the ?token= query of generate-qr-code and providers/user', async () => {
    await forwardApiRequest(req('auth/two-factor/generate-qr-code', { token: 'tok9' }), ['auth', 'two-factor', 'generate-qr-code']);
    await forwardApiRequest(req('two-factor-auth-providers/user?token=evil', { token: 'tok9' }), ['two-factor-auth-providers', 'user']);
    expect(seen[0].url).toBe('/api/v1/auth/two-factor/generate-qr-code?token=tok9');
    expect(seen[1].url).toBe('/api/v1/two-factor-auth-providers/user?token=tok9');
  });
});

describe('request body limit (1 MiB)', () => {
  const LIMIT = 1024 * 1024;

  it('refuses a declared Content-Length over the limit with 413 before reading or forwarding', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(`${APP}/api/v1/auth/login`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { ...Object.fromEntries(req('auth/login', { method: 'POST' }).headers), 'content-length': String(LIMIT + 1) },
    } as RequestInit);
    const res = await forwardApiRequest(request, ['auth', 'login']);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
    expect(seen).toHaveLength(0);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('counts a streamed body without Content-Length and stops reading at the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless chunked upload: only cancellation stops it.
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(`${APP}/api/v1/orders`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: Object.fromEntries(req('orders', { method: 'POST' }).headers),
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const res = await forwardApiRequest(request, ['orders']);
    expect(res.status).toBe(413);
    expect(seen).toHaveLength(0);
    expect(sent).toBeLessThan(LIMIT + 4 * 64 * 1024);
  });

  it('forwards a body of exactly the limit', async () => {
    const res = await forwardApiRequest(req('orders', { method: 'POST', body: new Uint8Array(LIMIT) }), ['orders']);
    expect(res.status).toBe(200);
    expect(seen[0].body.byteLength).toBe(LIMIT);
  });

  it('applies to the paths outside /api/v1 too (analytics)', async () => {
    const res = await forwardToBackendPath(req('x', { method: 'POST', body: new Uint8Array(LIMIT + 1) }), '/api/event');
    expect(res.status).toBe(413);
    expect(seen).toHaveLength(0);
  });
});

describe('session cookie', () => {
  it('login: token set as httpOnly SameSite=Lax cookie, stripped from the JSON, state cookie signed', async () => {
    reply = () => ({ status: 200, body: { data: { access_token: 'secret-token', user: { id: 5 }, is_two_factor_enabled: true, is_deleted: false } } });
    const res = await forwardApiRequest(req('auth/login', { method: 'POST', body: '{}' }), ['auth', 'login']);
    const text = await res.text();
    expect(text).not.toContain('secret-token');
    expect(JSON.parse(text)).toEqual({ data: { user: { id: 5 }, is_two_factor_enabled: true, is_deleted: false, session_started: true } });
    const cookies = setCookies(res);
    const session = cookies.find((c) => c.startsWith('bs_session='))!;
    expect(session).toContain('bs_session=secret-token');
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=lax/i);
    expect(session).toMatch(/Path=\//);
    const state = cookies.find((c) => c.startsWith('bs_2fa='))!.split(';')[0].slice('bs_2fa='.length);
    const check = seen.find((s) => s.url === '/api/v1/auth/two-factor/check-active-session')!;
    expect(check.headers.authorization).toBe('Bearer secret-token');
    const verified = await verifyTwoFactorState(decodeURIComponent(state), 'secret-token', process.env.SESSION_SECRET!);
    expect(verified).toMatchObject({ globalEnabled: true, userEnabled: true, passed: false });
  });

  it('register, google and store-from-product-page set the cookie too; a null token sets none', async () => {
    for (const path of ['auth/register', 'auth/social/authentications/google', 'users/store-from-product-page']) {
      reply = () => ({ status: 201, body: { data: { access_token: `tok-${path}`, user: { id: 1 } } } });
      const res = await forwardApiRequest(req(path, { method: 'POST', body: '{}' }), path.split('/'));
      expect(res.status).toBe(201);
      expect(await res.text()).not.toContain('tok-');
      expect(setCookies(res).some((c) => c.startsWith(`bs_session=tok-`))).toBe(true);
    }
    reply = () => ({ status: 200, body: { data: { access_token: null, user: { id: 1 }, is_new: false } } });
    const res = await forwardApiRequest(req('users/store-from-product-page', { method: 'POST', body: '{}', token: 'old' }), ['users', 'store-from-product-page']);
    expect(await res.json()).toEqual({ data: { user: { id: 1 }, is_new: false, session_started: false } });
    expect(setCookies(res).some((c) => c.startsWith('bs_session='))).toBe(false);
  });

  it('a deleted account (no token) sets no cookie', async () => {
    reply = () => ({ status: 200, body: { data: { user: null, is_deleted: true } } });
    const res = await forwardApiRequest(req('auth/login', { method: 'POST', body: '{}' }), ['auth', 'login']);
    expect(setCookies(res).some((c) => c.startsWith('bs_session='))).toBe(false);
  });

  it('verify-code success re-signs the state cookie', async () => {
    reply = () => ({ status: 200, body: { data: { is_verified: true, recovery_codes: null } } });
    const res = await forwardApiRequest(req('auth/two-factor/verify-code', { method: 'POST', body: '{}', token: 'tk' }), ['auth', 'two-factor', 'verify-code']);
    expect(await res.json()).toEqual({ data: { is_verified: true, recovery_codes: null } });
    expect(setCookies(res).some((c) => c.startsWith('bs_2fa=') && !c.startsWith('bs_2fa=;'))).toBe(true);
  });

  it('a 403 two_factor_required or two_factor_setup_required re-signs the state cookie and keeps the session', async () => {
    for (const code of ['two_factor_required', 'two_factor_setup_required']) {
      seen = [];
      reply = () => ({ status: 403, body: { error: { code, message: 'x', pretty_message: 'y' } } });
      const res = await forwardApiRequest(req('orders', { token: 'tk' }), ['orders']);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe(code);
      const cookies = setCookies(res);
      expect({ code, resigned: cookies.some((c) => c.startsWith('bs_2fa=') && !c.startsWith('bs_2fa=;') && !/Max-Age=0/.test(c)) }).toEqual({ code, resigned: true });
      expect(cookies.some((c) => c.startsWith('bs_session='))).toBe(false);
      expect(seen.some((s) => s.url.startsWith('/api/v1/auth/two-factor/check-active-session'))).toBe(true);
    }
    // Another 403 re-signs nothing.
    seen = [];
    reply = () => ({ status: 403, body: { error: { code: 'forbidden', message: 'x' } } });
    const other = await forwardApiRequest(req('orders', { token: 'tk' }), ['orders']);
    expect(setCookies(other).some((c) => c.startsWith('bs_2fa='))).toBe(false);
  });

  it('a 401 from the backend clears token and state cookies', async () => {
    reply = () => ({ status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } });
    const res = await forwardApiRequest(req('orders', { token: 'revoked' }), ['orders']);
    expect(res.status).toBe(401);
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('bs_session='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('bs_2fa='))).toMatch(/Max-Age=0/);
  });

  it('logout revokes at the backend and clears token and state but not the partner cookie', async () => {
    const res = await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk' }), ['auth', 'logout']);
    expect(await res.json()).toEqual({ data: { logged_out: true } });
    expect(seen[0].url).toBe('/api/v1/auth/logout');
    expect(seen[0].headers.authorization).toBe('Bearer tk');
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('bs_session='))).toMatch(/Max-Age=0/);
    expect(cookies.some((c) => c.startsWith('bs_partner='))).toBe(false);
  });

  it('logout ends the session at the backend even when the customer leaves mid-request', async () => {
    const left = new AbortController();
    left.abort();
    const request = new Request(req('auth/logout', { method: 'POST', token: 'tk-left' }), { signal: left.signal });
    const res = await forwardApiRequest(request, ['auth', 'logout']);
    expect(await res.json()).toEqual({ data: { logged_out: true } });
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([['/api/v1/auth/logout', 'Bearer tk-left']]);
    expect(seen[0].headers['content-type']).toBeUndefined();
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('logout while the backend fails: signed out at once, the revocation retried until the backend takes it', async () => {
    resetRevocationQueueForTests([20, 20, 20]);
    let failures = 2;
    reply = (r) => (r.url === '/api/v1/auth/logout' && failures-- > 0 ? { status: 503, body: { error: { code: 'database_busy' } } } : { status: 200, body: { data: { logged_out: true } } });
    const res = await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk-retry' }), ['auth', 'logout']);
    expect(await res.json()).toEqual({ data: { logged_out: true } });
    expect(setCookies(res).find((c) => c.startsWith('bs_session='))).toMatch(/Max-Age=0/);
    expect(seen).toHaveLength(1);
    await expect.poll(() => seen.length, { timeout: 2_000 }).toBe(3);
    expect(seen.every((s) => s.url === '/api/v1/auth/logout' && s.headers.authorization === 'Bearer tk-retry')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(3);
  });

  it('logout retries end: when the backend refuses the token (already ended) and after the last delay', async () => {
    resetRevocationQueueForTests([20, 20]);
    reply = () => ({ status: 401, body: { error: { code: 'unauthenticated' } } });
    await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk-ended' }), ['auth', 'logout']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);

    seen = [];
    reply = () => ({ status: 502 });
    await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk-down' }), ['auth', 'logout']);
    await expect.poll(() => seen.length, { timeout: 2_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(3);
  });

  it('a draining server tries every pending revocation once more before it exits', async () => {
    resetRevocationQueueForTests([60_000]);
    reply = () => ({ status: 503 });
    await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk-a' }), ['auth', 'logout']);
    await forwardApiRequest(req('auth/logout', { method: 'POST', token: 'tk-b' }), ['auth', 'logout']);
    expect(seen).toHaveLength(2);
    reply = () => ({ status: 200, body: { data: { logged_out: true } } });
    await settlePendingRevocations(base, 2_000);
    expect(seen.slice(2).map((s) => s.headers.authorization).sort()).toEqual(['Bearer tk-a', 'Bearer tk-b']);
    seen = [];
    await settlePendingRevocations(base, 2_000);
    expect(seen).toHaveLength(0);
  });

  it('issues the XSRF cookie when missing, readable by scripts', async () => {
    const res = await forwardApiRequest(req('maintenances/status', { xsrf: null }), ['maintenances', 'status']);
    const xsrf = setCookies(res).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,}/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=lax/i);
    const again = await forwardApiRequest(req('maintenances/status'), ['maintenances', 'status']);
    expect(setCookies(again).some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
  });
});

describe('allowlist', () => {
  it.each([
    ['POST', ['payments', 'ipn']],
    ['GET', ['admin', 'maintenance']],
    ['POST', ['admin', 'maintenance']],
    ['GET', ['dev', 'outbox']],
    ['GET', ['orders', '..', '..', '..', 'admin', 'maintenance']],
    ['GET', ['orders', '%2e%2e']],
    ['GET', ['orders', '1/../../../admin']],
    ['GET', ['products', 'rca', 'extra']],
    ['DELETE', ['orders', '5']],
    ['PUT', ['orders']],
    ['GET', ['auth', 'login']],
    ['GET', ['']],
    ['GET', ['..', 'pusher', 'auth']],
  ])('%s %j: 404 without contacting the backend', async (method, segments) => {
    const res = await forwardApiRequest(req('x', { method, body: method === 'GET' ? undefined : '{}' }), segments);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
    expect(seen).toHaveLength(0);
  });

  it('forwards the calls of lib/api (HEAD like GET)', async () => {
    for (const [method, segments] of [
      ['GET', ['orders', '12']],
      ['HEAD', ['policies', '3', 'document']],
      ['GET', ['products', 'rca']],
      ['POST', ['orders', '12', 'payments']],
      ['DELETE', ['sessions', '7']],
    ] as const) {
      const res = await forwardApiRequest(req('x', { method, body: method === 'POST' ? '{}' : undefined }), [...segments]);
      expect(res.status).toBe(200);
    }
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/v1/orders/12',
      'HEAD /api/v1/policies/3/document',
      'GET /api/v1/products/rca',
      'POST /api/v1/orders/12/payments',
      'DELETE /api/v1/sessions/7',
    ]);
  });
});

describe('cross-site protection', () => {
  it('refuses a write without the matching X-XSRF-TOKEN header', async () => {
    for (const header of ['', 'wrong']) {
      const res = await forwardApiRequest(req('orders', { method: 'POST', body: '{}', headers: { 'x-xsrf-token': header } }), ['orders']);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('csrf_failed');
    }
    const noCookie = await forwardApiRequest(req('orders', { method: 'POST', body: '{}', xsrf: null }), ['orders']);
    expect(noCookie.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('refuses a write from a foreign Origin even with the token', async () => {
    const res = await forwardApiRequest(req('sessions/5', { method: 'DELETE', headers: { origin: 'https://evil.example' } }), ['sessions', '5']);
    expect(res.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('accepts the app origin and the request host', async () => {
    for (const origin of [APP, 'http://localhost:3000']) {
      const res = await forwardApiRequest(req('profile', { method: 'PUT', body: '{}', headers: { origin } }), ['profile']);
      expect(res.status).toBe(200);
    }
  });

  it('reads are never refused', async () => {
    const res = await forwardApiRequest(req('orders', { xsrf: null, headers: { origin: 'https://evil.example' } }), ['orders']);
    expect(res.status).toBe(200);
  });

  it('pusher auth needs a session and the XSRF header, and forwards the bearer', async () => {
    reply = () => ({ status: 200, body: { auth: 'key:sig' } });
    const make = (token?: string) =>
      new Request(`${APP}/pusher/auth`, {
        method: 'POST',
        body: 'socket_id=1.2&channel_name=private-user.5',
        headers: {
          cookie: `XSRF-TOKEN=${XSRF}${token ? `; bs_session=${token}` : ''}`,
          'x-xsrf-token': XSRF,
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
    expect((await forwardToBackendPath(make(), '/pusher/auth', { requireSession: true })).status).toBe(403);
    const res = await forwardToBackendPath(make('tk'), '/pusher/auth', { requireSession: true });
    expect(await res.json()).toEqual({ auth: 'key:sig' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tk');
    expect(seen.at(-1)!.body.toString()).toBe('socket_id=1.2&channel_name=private-user.5');
  });
});
