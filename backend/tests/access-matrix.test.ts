import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, DEMO_PASSWORD, FakeClock, login, startServer, WEB, type Call, type TestServer } from './helpers';

/**
 * The access-control matrix of every call that takes a bearer: a caller without a session, with a session that
 * ended (logged out, idle past SPEC §4's hour, past its 30 days) or with another customer's session never reads or
 * changes a customer's data. (Sessions owing the second factor: two-factor-enforcement.test.ts.)
 */
const clock = new FakeClock('2026-03-10T10:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({ DEV_ENDPOINTS: '1' }, clock);
  call = client(t.url);
});
afterAll(() => t.close());

type Route = [method: string, path: string, body?: unknown];

/** Every signed-in call, aimed at the demo customer's own records (ids filled in by `routesFor`). */
function routesFor(ids: { order: number; policy: number; session: number; user: number }): Route[] {
  return [
    ['GET', '/api/v1/orders'],
    ['GET', `/api/v1/orders/${ids.order}`],
    ['GET', `/api/v1/orders/${ids.order}/invoice`],
    ['POST', `/api/v1/orders/${ids.order}/payments`, { return_url: `${WEB}/thank-you` }],
    ['POST', '/api/v1/orders', { quote_id: 'x', offer_id: 'y', customer: {}, consents: {} }],
    ['GET', '/api/v1/policies'],
    ['GET', `/api/v1/policies/${ids.policy}`],
    ['GET', `/api/v1/policies/${ids.policy}/document`],
    ['GET', '/api/v1/profile'],
    ['PUT', '/api/v1/profile', { first_name: 'Atacator', last_name: 'Rău', phone_number: '0711111111', address: null }],
    ['GET', '/api/v1/preferences'],
    ['PUT', '/api/v1/preferences', { marketing_email: true }],
    ['GET', '/api/v1/sessions'],
    ['DELETE', `/api/v1/sessions/${ids.session}`],
    ['POST', '/api/v1/sessions/revoke-others', {}],
    ['POST', '/api/v1/auth/change-password', { current_password: DEMO_PASSWORD, password: 'Alta-Parola-2027!', password_confirmation: 'Alta-Parola-2027!' }],
    ['POST', '/api/v1/auth/logout', {}],
    ['GET', '/api/v1/auth/two-factor/generate-qr-code'],
    ['POST', '/api/v1/auth/two-factor/verify-code', { token: '', two_factor_code: '123456', provider_code: 'authenticator', user_agent: 'ua', user_ip: '' }],
    ['POST', '/api/v1/auth/two-factor/check-active-session', { user_agent: 'ua', user_ip: '' }],
    ['POST', '/api/v1/auth/two-factor/remove', { token: '', recovery_key: 'DEMO-CODE-0001', provider_code: 'authenticator' }],
    ['POST', '/api/v1/auth/two-factor/generate-code', { token: '', user_agent: 'ua', provider_code: 'email', user_ip: '' }],
    ['GET', '/api/v1/two-factor-auth-providers/user'],
    ['POST', '/pusher/auth', { socket_id: '1.2', channel_name: `private-user.${ids.user}` }],
  ];
}

let owner: string;
let ids: { order: number; policy: number; session: number; user: number };
let snapshot: string;

/** What an attacker's calls must leave as it was: the owner's profile, preferences, sessions and orders. */
async function ownerState(): Promise<string> {
  const [profile, prefs, sessions, orders] = await Promise.all(
    ['/api/v1/profile', '/api/v1/preferences', '/api/v1/sessions', '/api/v1/orders'].map((p) => call('GET', p, { token: owner })),
  );
  return JSON.stringify([profile.body, prefs.body, sessions.body.data.map((s: { id: number }) => s.id), orders.body]);
}

beforeAll(async () => {
  owner = await login(call, 'client@exemplu.ro');
  const [orders, policies, sessions, user] = await Promise.all(
    ['/api/v1/orders', '/api/v1/policies', '/api/v1/sessions', '/api/v1/auth/user'].map((p) => call('GET', p, { token: owner })),
  );
  ids = { order: orders.body.data[0].id, policy: policies.body.data[0].id, session: sessions.body.data[0].id, user: user.body.data.id };
  expect((await call('GET', `/api/v1/orders/${ids.order}/invoice`, { token: owner })).status).toBe(200);
  snapshot = await ownerState();
});

async function expectRefused(token: string | null, status: number) {
  for (const [method, path, body] of routesFor(ids)) {
    const res = await call(method, path, { token, body });
    expect({ method, path, status: res.status }).toEqual({ method, path, status });
  }
  expect(await ownerState()).toBe(snapshot);
}

describe('access-control matrix of the signed-in calls', () => {
  it('no session: 401 on every call (auth/user answers null)', async () => {
    await expectRefused(null, 401);
    expect((await call('GET', '/api/v1/auth/user')).body).toEqual({ data: null });
    // the query-token form with a made-up token
    expect((await call('GET', '/api/v1/auth/two-factor/generate-qr-code?token=made-up')).status).toBe(401);
  });

  it('a session that was logged out: 401 on every call', async () => {
    const ended = await login(call, 'client@exemplu.ro');
    expect((await call('POST', '/api/v1/auth/logout', { token: ended, body: {} })).status).toBe(200);
    await expectRefused(ended, 401);
    expect((await call('GET', '/api/v1/auth/user', { token: ended })).status).toBe(401);
  });

  it('a session idle for longer than the inactivity limit, or past its 30 days: 401 on every call', async () => {
    const idle = await login(call, 'client@exemplu.ro');
    clock.advance(71 * 60_000);
    owner = await login(call, 'client@exemplu.ro');
    snapshot = await ownerState();
    await expectRefused(idle, 401);
    // past its 30 days, however recently used
    const old = await login(call, 'client@exemplu.ro');
    // used every hour (never idle) for 30 days and one more hour
    for (let hour = 0; hour <= 30 * 24; hour++) {
      clock.advance(3600_000);
      const res = await call('GET', '/api/v1/auth/user', { token: old });
      expect(res.status).toBe(hour < 30 * 24 - 1 ? 200 : 401);
    }
    owner = await login(call, 'client@exemplu.ro');
    snapshot = await ownerState();
    await expectRefused(old, 401);
  });

  it("another customer's session: 404 on the customer's records, 403 on their channel, nothing changed", async () => {
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: 'alt.client@exemplu.ro', phone_number: '0711111111', first_name: 'Alt', last_name: 'Client', password: 'Zx9!kLmq-Tr77', password_confirmation: 'Zx9!kLmq-Tr77', is_default_password: false, token: '' },
    });
    const other = reg.body.data.access_token as string;
    const own = new Map<string, number>([
      [`GET /api/v1/orders/${ids.order}`, 404],
      [`GET /api/v1/orders/${ids.order}/invoice`, 404],
      [`POST /api/v1/orders/${ids.order}/payments`, 404],
      [`GET /api/v1/policies/${ids.policy}`, 404],
      [`GET /api/v1/policies/${ids.policy}/document`, 404],
      [`DELETE /api/v1/sessions/${ids.session}`, 404],
      ['POST /pusher/auth', 403],
    ]);
    for (const [method, path, body] of routesFor(ids)) {
      const expected = own.get(`${method} ${path}`);
      if (expected === undefined) continue;
      const res = await call(method, path, { token: other, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: expected });
    }
    // the other customer's own lists hold none of the first one's records
    expect((await call('GET', '/api/v1/orders', { token: other })).body.data).toEqual([]);
    expect((await call('GET', '/api/v1/policies', { token: other })).body.data).toEqual([]);
    expect(await ownerState()).toBe(snapshot);
  });
});
