import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, login, startServer, type Call, type TestServer } from './helpers';
import { accountDataCalls, type GuardedCall } from './guarded-calls';
import { freshTotpCode } from './two-factor-helpers';

/**
 * Issue 13 item 1: a session that passed only the password gets 403 `two_factor_required` on every signed-in
 * call except the two-factor calls themselves, check-active-session and logout.
 */
const DEMO_SECRET = 'JBSWY3DPEHPK3PXP';
const USER = 'client2fa@exemplu.ro';

let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({ DEV_ENDPOINTS: '1' }, clock);
  call = client(t.url);
});
afterAll(() => t.close());

async function pass(token: string) {
  const code = await freshTotpCode(clock, DEMO_SECRET);
  const res = await call('POST', '/api/v1/auth/two-factor/verify-code', {
    token,
    body: { token: '', two_factor_code: code, provider_code: 'authenticator', user_agent: 'ua', user_ip: '' },
  });
  expect(res.status).toBe(200);
}

/** Every signed-in call a pending session must not make (method, path, body). */
const GUARDED: GuardedCall[] = [
  ['GET', '/api/v1/auth/user'],
  ...accountDataCalls(USER, { first_name: 'Atacator', last_name: 'Rău' }),
  ['GET', '/api/v1/auth/two-factor/generate-qr-code'],
  ['POST', '/pusher/auth', { socket_id: '1.2', channel_name: 'private-user.2' }],
];

describe('a session that passed only the password', () => {
  it('gets 403 two_factor_required on every guarded call, and nothing changes', async () => {
    const owner = await login(call, USER);
    await pass(owner);
    const before = (await call('GET', '/api/v1/profile', { token: owner })).body.data;
    const sessionsBefore = (await call('GET', '/api/v1/sessions', { token: owner })).body.data.length;

    const pending = await login(call, USER);
    for (const [method, path, body] of GUARDED) {
      const res = await call(method, path, { token: pending, body });
      expect({ method, path, status: res.status, code: res.body?.error?.code }).toEqual({ method, path, status: 403, code: 'two_factor_required' });
      expect(res.body.error.pretty_message).toBe('Confirmați autentificarea în doi pași pentru a continua.');
    }
    // the query-token form of the QR call too
    const qr = await call('GET', `/api/v1/auth/two-factor/generate-qr-code?token=${pending}`);
    expect(qr.status).toBe(403);

    // The owner's session still works and nothing was changed or revoked.
    expect((await call('GET', '/api/v1/profile', { token: owner })).body.data).toEqual(before);
    expect((await call('GET', '/api/v1/sessions', { token: owner })).body.data.length).toBe(sessionsBefore + 1);
    expect((await call('GET', '/api/v1/auth/user', { token: owner })).body.data.email).toBe(USER);
    expect((await call('GET', '/api/v1/auth/user', { token: owner })).body.data.first_name).toBe('Mihai');
  });

  it('may make the two-factor calls, check-active-session and logout', async () => {
    const pending = await login(call, USER);
    const check = await call('POST', '/api/v1/auth/two-factor/check-active-session', { token: pending, body: {} });
    expect(check.status).toBe(200);
    expect(check.body.data.is_active).toBe(false);
    const mine = await call('GET', `/api/v1/two-factor-auth-providers/user?token=${pending}`);
    expect(mine.status).toBe(200);
    const wrong = await call('POST', '/api/v1/auth/two-factor/verify-code', {
      token: pending,
      body: { token: '', two_factor_code: '000000', provider_code: 'authenticator' },
    });
    expect(wrong.status).toBe(422);
    const out = await call('POST', '/api/v1/auth/logout', { token: pending, body: {} });
    expect(out.status).toBe(200);
    expect((await call('GET', '/api/v1/profile', { token: pending })).status).toBe(401);
  });

  it('gets 200 on the same calls once it passes the second factor', async () => {
    const token = await login(call, USER);
    await pass(token);
    for (const path of ['/api/v1/auth/user', '/api/v1/profile', '/api/v1/preferences', '/api/v1/sessions', '/api/v1/orders', '/api/v1/policies']) {
      expect({ path, status: (await call('GET', path, { token })).status }).toEqual({ path, status: 200 });
    }
    expect((await call('PUT', '/api/v1/preferences', { token, body: { marketing_email: true } })).status).toBe(200);
    const { id } = (await call('GET', '/api/v1/auth/user', { token })).body.data;
    expect((await call('POST', '/pusher/auth', { token, body: { socket_id: '1.2', channel_name: `private-user.${id}` } })).status).toBe(200);
  });

  it('is not linked to consents or contact messages (recorded as anonymous)', async () => {
    const pending = await login(call, USER);
    const consent = await call('POST', '/api/v1/cookie-consents', { token: pending, body: { consent: 'all', token: '' } });
    expect(consent.status).toBe(201);
    const stored = await call('GET', '/dev/cookie-consents');
    const row = (stored.body.data as { id: number; user_id: number | null }[]).find((c) => c.id === consent.body.data.id);
    expect(row?.user_id ?? null).toBeNull();
  });

  it('is not pending when two-factor is off globally', async () => {
    const off = await startServer({ TWO_FACTOR_ENABLED: 'false' });
    try {
      const c = client(off.url);
      const token = await login(c, USER);
      expect((await c('GET', '/api/v1/profile', { token })).status).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('users without two-factor are never pending', async () => {
    const token = await login(call, 'client@exemplu.ro');
    expect((await call('GET', '/api/v1/orders', { token })).status).toBe(200);
  });
});
