import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { normalIp } from '../src/lib/http';
import { client, DEMO_PASSWORD, startServer, TEST_CONFIG_ENV, type TestServer } from './helpers';

/** Issue 13 item 7: X-Forwarded-For only from BACKEND_TRUSTED_PROXIES; stored IPs are IP addresses. */
let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Signs in with the given X-Forwarded-For and answers the IP the backend stored on that session. */
async function sessionIpWith(server: TestServer, forwardedFor: string | null): Promise<string> {
  const call = client(server.url);
  const headers: Record<string, string> = forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor };
  const login = await call('POST', '/api/v1/auth/login', { headers, body: { email: 'client@exemplu.ro', password: DEMO_PASSWORD, token: '' } });
  expect(login.status).toBe(200);
  const sessions = await call('GET', '/api/v1/sessions', { token: login.body.data.access_token });
  const current = (sessions.body.data as { ip: string; is_current: boolean }[]).find((s) => s.is_current)!;
  return current.ip;
}

describe('client IP at the backend', () => {
  it('by default believes X-Forwarded-For from loopback (the BFF on the same host)', async () => {
    t = await startServer();
    expect(await sessionIpWith(t, '203.0.113.9')).toBe('203.0.113.9');
    expect(await sessionIpWith(t, '2001:db8::7')).toBe('2001:db8::7');
    expect(await sessionIpWith(t, null)).toBe('127.0.0.1');
  });

  it('never stores a header’s text that is not an IP address', async () => {
    t = await startServer();
    for (const forged of ['<script>alert(1)</script>', "1.2.3.4'; DROP TABLE sessions;--", 'unknown', '999.1.1.1', '']) {
      const ip = await sessionIpWith(t, forged);
      expect(ip).toBe('127.0.0.1');
    }
    const stored = t.server.db.prepare('SELECT DISTINCT ip FROM sessions').pluck().all() as string[];
    expect(stored.every((ip) => normalIp(ip) === ip)).toBe(true);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    t = await startServer({ BACKEND_TRUSTED_PROXIES: '10.0.0.1' });
    expect(await sessionIpWith(t, '203.0.113.9')).toBe('127.0.0.1');
    await t.close();
    t = await startServer({ BACKEND_TRUSTED_PROXIES: 'none' });
    expect(await sessionIpWith(t, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('walks X-Forwarded-For only through trusted hops', async () => {
    t = await startServer({ BACKEND_TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8' });
    // 198.51.100.1 → 10.1.2.3 (trusted) → 127.0.0.1 (trusted socket): the client is 198.51.100.1.
    expect(await sessionIpWith(t, '6.6.6.6, 198.51.100.1, 10.1.2.3')).toBe('198.51.100.1');
  });

  it('refuses a two-factor user_ip that is not an IP address', async () => {
    t = await startServer();
    const call = client(t.url);
    const login = await call('POST', '/api/v1/auth/login', { body: { email: 'client@exemplu.ro', password: DEMO_PASSWORD, token: '' } });
    const token = login.body.data.access_token as string;
    const bad = await call('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: { user_agent: 'ua', user_ip: '<script>' } });
    expect(bad.status).toBe(422);
    const good = await call('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: { user_agent: 'ua', user_ip: '::1' } });
    expect(good.status).toBe(200);
  });

  it('validates BACKEND_TRUSTED_PROXIES at start-up', () => {
    expect(loadConfig({ ...TEST_CONFIG_ENV, BACKEND_TRUSTED_PROXIES: '' }).trustedProxies).toEqual(['loopback']);
    expect(loadConfig({ ...TEST_CONFIG_ENV }).trustedProxies).toEqual(['loopback']);
    expect(loadConfig({ ...TEST_CONFIG_ENV, BACKEND_TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
    expect(loadConfig({ ...TEST_CONFIG_ENV, BACKEND_TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    for (const bad of ['everyone', '10.0.0.0/33', '1.2.3', 'true']) {
      expect(() => loadConfig({ ...TEST_CONFIG_ENV, BACKEND_TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    }
  });
});
