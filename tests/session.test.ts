// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** lib/session/session.ts: the one session module of proxy.ts, the BFF and server components (issue 16 item 3). */

type Session = typeof import('@/lib/session/session');
type Seen = { url: string; headers: http.IncomingHttpHeaders; body: string };

let seen: Seen[] = [];
let answer: { status: number; body?: unknown } = { status: 200 };
let backend: http.Server;
let backendUrl = '';
const saved = { ...process.env };

const ACTIVE = { is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true, is_active: false, is_two_factor_auth_required: true };

beforeAll(async () => {
  backend = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => backend.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  answer = { status: 200, body: { data: ACTIVE } };
});

afterEach(() => {
  process.env = { ...saved };
});

/** The module with a fresh environment (the settings are read once per process). */
async function sessionWith(env: Record<string, string | undefined>): Promise<Session> {
  vi.resetModules();
  process.env = { ...saved, BACKEND_API_URL: `${backendUrl}/`, PRODUCTS_API_URL: 'http://products.test:4001//', WEB_APP_URL: 'http://localhost:3000', SESSION_SECRET: 'session-test-secret-0123456789', ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  return import('@/lib/session/session');
}

describe('settings', () => {
  it('cookies are Secure and __Host- prefixed only when configured (or on an https:// origin)', async () => {
    const plain = (await sessionWith({ SESSION_COOKIE_SECURE: undefined })).sessionSettings();
    expect(plain.secure).toBe(false);
    expect(plain.names).toEqual({ token: 'bs_session', state: 'bs_2fa', partner: 'bs_partner' });

    const secure = (await sessionWith({ SESSION_COOKIE_SECURE: '1' })).sessionSettings();
    expect(secure.secure).toBe(true);
    expect(secure.names).toEqual({ token: '__Host-bs_session', state: '__Host-bs_2fa', partner: '__Host-bs_partner' });
  });

  it('an https:// origin gets Secure __Host- cookies whatever NODE_ENV says (a deployment that forgot it)', async () => {
    // Without NODE_ENV the origin makes it a deployment (scripts/deployment.mjs): it needs real settings to start.
    const deployed = { SESSION_SECRET: 'Zq8vN2xL5pR7tY1wK4mB6nC9hJ3gF0dS', CAPTCHA_ENABLED: 'false' };
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const settings = (await sessionWith({ NODE_ENV, ...deployed, WEB_APP_URL: 'https://shop.example', SESSION_COOKIE_SECURE: undefined })).sessionSettings();
      expect(settings.secure, `NODE_ENV=${NODE_ENV}`).toBe(true);
      expect(settings.names.token).toBe('__Host-bs_session');
    }
    // Switched off explicitly outside production (a local TLS proxy without Secure cookies): as configured.
    const off = (await sessionWith({ NODE_ENV: 'development', WEB_APP_URL: 'https://shop.example', SESSION_COOKIE_SECURE: 'false' })).sessionSettings();
    expect(off.secure).toBe(false);
  });

  it('products paths go to the products host, everything else to the backend', async () => {
    const { backendBaseFor } = await sessionWith({});
    expect(backendBaseFor('products')).toBe('http://products.test:4001');
    expect(backendBaseFor('products/rca')).toBe('http://products.test:4001');
    expect(backendBaseFor('productsx')).toBe(backendUrl);
    expect(backendBaseFor('orders')).toBe(backendUrl);
    expect(backendBaseFor('')).toBe(backendUrl);
  });
});

describe('the session of a request', () => {
  it('reads the token and state cookie under the configured names; an empty token is no session', async () => {
    const { sessionFromCookies } = await sessionWith({ SESSION_COOKIE_SECURE: '1' });
    const jar = new Map([
      ['bs_session', 'plain-name'],
      ['__Host-bs_session', 'tok'],
      ['__Host-bs_2fa', 'signed'],
    ]);
    expect(sessionFromCookies((name) => jar.get(name))).toEqual({ token: 'tok', stateCookie: 'signed' });
    expect(sessionFromCookies((name) => (name === '__Host-bs_session' ? '' : undefined))).toEqual({ token: null, stateCookie: undefined });
  });

  it('carries the bearer and the client IP to the backend', async () => {
    const { sessionHeaders } = await sessionWith({});
    expect(sessionHeaders('tok', '203.0.113.9')).toEqual({ authorization: 'Bearer tok', 'x-forwarded-for': '203.0.113.9' });
    expect(sessionHeaders(null, null)).toEqual({});
  });
});

describe('check-active-session', () => {
  const client = { ip: '203.0.113.9', userAgent: 'TestAgent/1.0', requestId: 'req-1' };

  it('asks the backend with the bearer and the client, and maps its answer', async () => {
    const { checkActiveSession } = await sessionWith({});
    const state = await checkActiveSession('tok', client);
    expect(state).toMatchObject({ globalEnabled: true, userEnabled: true, passed: false, required: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/v1/auth/two-factor/check-active-session');
    expect(seen[0].headers.authorization).toBe('Bearer tok');
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen[0].headers['x-request-id']).toBe('req-1');
    expect(JSON.parse(seen[0].body)).toEqual({ user_agent: 'TestAgent/1.0', user_ip: '203.0.113.9' });
  });

  it('sends at most the 500 characters of User-Agent the backend takes (a longer one was refused: "could not tell")', async () => {
    const { checkActiveSession } = await sessionWith({});
    const userAgent = `Mozilla/5.0 ${'x'.repeat(600)}`;
    await checkActiveSession('tok', { ...client, userAgent });
    expect(JSON.parse(seen[0].body)).toEqual({ user_agent: userAgent.slice(0, 500), user_ip: '203.0.113.9' });
  });

  it('an ended session is "unauthenticated"; any other failure is null (could not tell)', async () => {
    const { checkActiveSession } = await sessionWith({});
    answer = { status: 401, body: { error: { code: 'unauthenticated' } } };
    expect(await checkActiveSession('tok', client)).toBe('unauthenticated');
    answer = { status: 500, body: { error: { code: 'server_error' } } };
    expect(await checkActiveSession('tok', client)).toBeNull();
    const unreachable = await sessionWith({ BACKEND_API_URL: 'http://127.0.0.1:9' });
    expect(await unreachable.checkActiveSession('tok', client)).toBeNull();
  });

  it('signs a refreshed state bound to its token; nothing to sign when the backend cannot tell', async () => {
    const { refreshSessionState, verifySessionState } = await sessionWith({});
    const cookie = await refreshSessionState('tok', client);
    expect(cookie).not.toBeNull();
    expect(await verifySessionState(cookie!, 'tok')).toMatchObject({ passed: false, required: true });
    expect(await verifySessionState(cookie!, 'other-token')).toBeNull();
    answer = { status: 401 };
    expect(await refreshSessionState('tok', client)).toBeNull();
  });
});

describe('session cookies', () => {
  it('are set and cleared with the same attributes (a __Host- cookie is only replaced by a Secure one)', async () => {
    const { setSessionCookie, clearSessionCookies } = await sessionWith({ SESSION_COOKIE_SECURE: '1' });
    const { NextResponse } = await import('next/server');
    const set = new NextResponse(null);
    setSessionCookie(set.cookies, 'token', 'tok');
    const [token] = set.headers.getSetCookie();
    expect(token).toMatch(/^__Host-bs_session=tok;/);
    for (const attribute of [/Path=\//, /HttpOnly/i, /Secure/i, /SameSite=lax/i]) expect(token).toMatch(attribute);

    const cleared = new NextResponse(null);
    clearSessionCookies(cleared.cookies);
    const cookies = cleared.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['__Host-bs_session', '__Host-bs_2fa']);
    for (const cookie of cookies) {
      for (const attribute of [/Max-Age=0/, /Path=\//, /HttpOnly/i, /Secure/i, /SameSite=lax/i]) expect(cookie).toMatch(attribute);
    }
  });
});
