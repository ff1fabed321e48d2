import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, login, startServer, type Call, type TestServer } from './helpers';

/**
 * SPEC §4: one hour without activity ends the session. The tab's timer cannot hold that alone: a tab closed (or a
 * browser quit, the cookie lives 30 days) leaves a token whose next use, a day later on a shared computer, would
 * still be signed in. The backend refuses a session unused for longer than the idle limit (70 minutes by default:
 * the hour, the tab's 5-minute keep-alive interval and the minute the last-use stamp may lag), whatever its expiry.
 */
const MINUTE = 60_000;
const clock = new FakeClock('2026-04-14T08:00:05Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

describe('session idle limit', () => {
  it('a session left unused for longer than the limit is refused (401), on every signed-in call', async () => {
    const token = await login(call, 'client@exemplu.ro');
    clock.advance(69 * MINUTE);
    expect((await call('GET', '/api/v1/profile', { token })).status).toBe(200);
    // Used at 69 minutes: the limit runs again from there.
    clock.advance(69 * MINUTE);
    expect((await call('GET', '/api/v1/policies', { token })).status).toBe(200);
    clock.advance(71 * MINUTE);
    for (const [method, path] of [['GET', '/api/v1/auth/user'], ['GET', '/api/v1/profile'], ['GET', '/api/v1/orders'], ['GET', '/api/v1/sessions']] as const) {
      const res = await call(method, path, { token });
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });

  it('an idle session is not listed among the account\'s sessions, and it cannot come back', async () => {
    const idle = await login(call, 'client@exemplu.ro');
    clock.advance(40 * MINUTE);
    const active = await login(call, 'client@exemplu.ro');
    clock.advance(40 * MINUTE);
    expect((await call('GET', '/api/v1/auth/user', { token: active })).status).toBe(200);
    // 80 minutes after `idle` was last used: only the session in use is listed (no earlier session of the account
    // was used within the limit either).
    const sessions = (await call('GET', '/api/v1/sessions', { token: active })).body.data as { is_current: boolean }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0].is_current).toBe(true);
    expect((await call('GET', '/api/v1/auth/user', { token: idle })).status).toBe(401);
    // Moving the clock back (or a process whose clock runs behind) does not revive it.
    clock.advance(-30 * MINUTE);
    expect((await call('GET', '/api/v1/auth/user', { token: idle })).status).toBe(401);
    clock.advance(30 * MINUTE);
  });
});
