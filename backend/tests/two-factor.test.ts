import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardrails, generate } from 'otplib';
import { client, FakeClock, fields, login, outbox, startServer, type Call, type TestServer } from './helpers';

const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const totp = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000), guardrails });

let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const check = (token: string) => call('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: { user_agent: 'ua', user_ip: '1.2.3.4' } });
const verify = (token: string, body: Record<string, unknown>, ip = '10.0.0.1') =>
  call('POST', '/api/v1/auth/two-factor/verify-code', { token, body: { token: '', user_agent: 'ua', user_ip: ip, ...body }, headers: { 'x-forwarded-for': ip } });

describe('providers', () => {
  it('lists the providers and the user\'s', async () => {
    const res = await call('GET', '/api/v1/two-factor-auth-providers');
    expect(res.body.data.map((p: { code: string }) => p.code)).toEqual(['authenticator', 'email']);
    const token = await login(call, 'client2fa@exemplu.ro');
    const mine = await call('GET', `/api/v1/two-factor-auth-providers/user?token=${token}`);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ code: 'authenticator', is_enabled: true, is_default: true }),
      expect.objectContaining({ code: 'email', is_enabled: false, is_default: false }),
    ]);
    expect((await call('GET', '/api/v1/two-factor-auth-providers/user')).status).toBe(401);
  });
});

describe('TOTP check of the demo account', () => {
  it('passes the session with a fresh code and refuses the same code again', async () => {
    const token = await login(call, 'client2fa@exemplu.ro');
    expect((await check(token)).body.data).toEqual({
      is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: true, is_active: false, is_two_factor_auth_required: false,
    });
    const code = await totp('JBSWY3DPEHPK3PXP', clock.now());
    const ok = await verify(token, { two_factor_code: code, provider_code: 'authenticator' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ is_verified: true, recovery_codes: null });
    expect((await check(token)).body.data.is_active).toBe(true);

    const other = await login(call, 'client2fa@exemplu.ro');
    const replay = await verify(other, { two_factor_code: code, provider_code: 'authenticator' });
    expect(replay.status).toBe(422);
    expect(fields(replay)).toEqual({ two_factor_code: ['Codul nu este corect.'] });
    expect((await check(other)).body.data.is_active).toBe(false);

    // one step of tolerance: the previous step's code is accepted 30 s later, two steps back is not
    clock.advance(60_000);
    const prev = await totp('JBSWY3DPEHPK3PXP', new Date(clock.now().getTime() - 30_000));
    expect((await verify(other, { two_factor_code: prev })).status).toBe(200);
    const old = await totp('JBSWY3DPEHPK3PXP', new Date(clock.now().getTime() - 90_000));
    const third = await login(call, 'client2fa@exemplu.ro');
    expect((await verify(third, { two_factor_code: old })).status).toBe(422);
  });

  it('accepts a recovery code once', async () => {
    const token = await login(call, 'client2fa@exemplu.ro');
    const ok = await verify(token, { recovery_code: 'demo-code-0003' });
    expect(ok.body.data).toEqual({ is_verified: true, recovery_codes: null });
    const again = await verify(await login(call, 'client2fa@exemplu.ro'), { recovery_code: 'DEMO-CODE-0003' });
    expect(again.status).toBe(422);
    expect(fields(again)).toHaveProperty('recovery_code');
  });
});

describe('rate limiting', () => {
  it('locks after 5 failures per user with 429 too_many_attempts until the window ends', async () => {
    const token = await login(call, 'client2fa@exemplu.ro');
    clock.advance(30_000);
    // a success resets the user's counter
    expect((await verify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', clock.now()) }, '10.9.9.9')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await verify(token, { two_factor_code: '000000' }, '10.9.9.9')).status).toBe(422);
    }
    const locked = await verify(token, { two_factor_code: '111111' }, '10.9.9.9');
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(15 * 60_000 + 1000);
    const after = await verify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', clock.now()) }, '10.9.9.9');
    expect(after.status).toBe(200);
  });
});

describe('authenticator setup', () => {
  it('keeps the secret pending until a code verifies, then returns 10 single-use recovery codes', async () => {
    const token = await login(call, 'client@exemplu.ro');
    const qr = await call('GET', `/api/v1/auth/two-factor/generate-qr-code?token=${token}`);
    expect(qr.status).toBe(200);
    const { secret, otpauth_url, qr_code } = qr.body.data;
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    // still not enabled
    expect((await call('GET', '/api/v1/auth/user', { token })).body.data.is_two_factor_enabled).toBe(false);
    const wrong = await verify(token, { two_factor_code: '123456', secret, provider_code: 'authenticator' }, '10.1.1.1');
    expect(wrong.status).toBe(422);
    const res = await verify(token, { two_factor_code: await totp(secret, clock.now()), secret, provider_code: 'authenticator' }, '10.1.1.1');
    expect(res.status).toBe(200);
    expect(res.body.data.is_verified).toBe(true);
    const codes: string[] = res.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/api/v1/auth/user', { token })).body.data.is_two_factor_enabled).toBe(true);
    expect((await check(token)).body.data.is_active).toBe(true);

    const fresh = await login(call, 'client@exemplu.ro');
    expect((await check(fresh)).body.data.is_active).toBe(false);
    expect((await verify(fresh, { recovery_code: codes[0] }, '10.1.1.2')).status).toBe(200);
    expect((await check(fresh)).body.data.is_active).toBe(true);
    expect((await verify(await login(call, 'client@exemplu.ro'), { recovery_code: codes[0] }, '10.1.1.2')).status).toBe(422);

    // remove needs a valid code
    const badRemove = await call('POST', '/api/v1/auth/two-factor/remove', { token, body: { token: '', two_factor_code: '000000', provider_code: 'authenticator' } });
    expect(badRemove.status).toBe(422);
    const removed = await call('POST', '/api/v1/auth/two-factor/remove', { token, body: { token: '', recovery_key: codes[1], provider_code: 'authenticator' } });
    expect(removed.body.data).toEqual({ is_removed: true });
    expect((await call('GET', '/api/v1/auth/user', { token })).body.data.is_two_factor_enabled).toBe(false);
    const again = await call('POST', '/api/v1/auth/two-factor/remove', { token, body: { token: '', recovery_key: codes[2], provider_code: 'authenticator' } });
    expect(again.body.data).toEqual({ is_removed: false });
  });
});

describe('email codes', () => {
  it('mails a 6-digit code that sets up the email provider, throttled to one per 30 s', async () => {
    const token = await login(call, 'obligatoriu2fa@exemplu.ro');
    const before = await check(token);
    expect(before.body.data).toMatchObject({ is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: true });
    const gen = await call('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', user_agent: 'ua', provider_code: 'email', user_ip: '1.1.1.1' } });
    expect(gen.body.data).toEqual({ sent: true, expires_in: 600 });
    const throttled = await call('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', provider_code: 'email' } });
    expect(throttled.status).toBe(429);
    const [mail] = await outbox(call, 'obligatoriu2fa@exemplu.ro');
    const code = /(\d{6})/.exec(mail.subject)![1];
    const res = await verify(token, { two_factor_code: code, provider_code: 'email' }, '10.2.2.2');
    expect(res.status).toBe(200);
    expect(res.body.data.recovery_codes).toHaveLength(10);
    expect((await call('GET', '/api/v1/auth/user', { token })).body.data.is_two_factor_enabled).toBe(true);
    // used code refused; expired code refused
    const other = await login(call, 'obligatoriu2fa@exemplu.ro');
    expect((await verify(other, { two_factor_code: code, provider_code: 'email' }, '10.2.2.2')).status).toBe(422);
    clock.advance(31_000);
    await call('POST', '/api/v1/auth/two-factor/generate-code', { token: other, body: { token: '', provider_code: 'email' } });
    const [second] = await outbox(call, 'obligatoriu2fa@exemplu.ro');
    const code2 = /(\d{6})/.exec(second.subject)![1];
    clock.advance(601_000);
    expect((await verify(other, { two_factor_code: code2 }, '10.2.2.2')).status).toBe(422);
  });
});

/**
 * A password-only session (the password stolen, the mailbox not) may ask for mailed codes: that must not void the code
 * the owner is typing. A code passes only in the session that asked for it; up to 3 of a session's codes mailed in the
 * last 10 minutes are valid at once, each once; using one voids the session's codes mailed before it (more in
 * two-factor-mail-codes.test.ts).
 */
describe('mailed codes asked for by several sessions', () => {
  let accounts = 0;
  const PASSWORD = 'Parola-Buna-2026';
  const generate = (token: string) => call('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', provider_code: 'email' } });

  /** A fresh account with the email provider on; `nextCode` asks for a code (30 s after the last) and reads it. */
  async function emailAccount() {
    accounts += 1;
    const email = `coduri-email-${accounts}@exemplu.ro`;
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000333', first_name: 'Dan', last_name: 'Marin', password: PASSWORD, password_confirmation: PASSWORD, is_default_password: false, token: '' },
    });
    expect(reg.status, reg.text).toBe(201);
    const lastCode = async () => /(\d{6})/.exec((await outbox(call, email))[0].subject)![1];
    const issued: string[] = [];
    const nextCode = async (token: string) => {
      clock.advance(31_000);
      const res = await generate(token);
      expect(res.status, res.text).toBe(200);
      const code = await lastCode();
      // 1 in a million: a repeated code would make the assertions on the older one meaningless.
      expect(issued).not.toContain(code);
      issued.push(code);
      return code;
    };
    const owner = reg.body.data.access_token as string;
    expect((await verify(owner, { two_factor_code: await nextCode(owner), provider_code: 'email' }, '10.3.3.3')).status).toBe(200);
    return { signIn: () => login(call, email, PASSWORD), nextCode };
  }

  it("the owner's code still passes after a password-only session asked for a newer one", async () => {
    const { signIn, nextCode } = await emailAccount();
    const owner = await signIn();
    const ownerCode = await nextCode(owner);
    const attacker = await signIn();
    await nextCode(attacker);
    await nextCode(attacker);
    const res = await verify(owner, { two_factor_code: ownerCode }, '10.3.3.4');
    expect(res.status, res.text).toBe(200);
    expect((await check(owner)).body.data.is_active).toBe(true);
  });

  it('a code passes once, and using it voids the codes mailed before it (not those mailed after)', async () => {
    const { signIn, nextCode } = await emailAccount();
    const session = await signIn();
    const first = await nextCode(session);
    const second = await nextCode(session);
    const third = await nextCode(session);
    expect((await verify(session, { two_factor_code: second }, '10.3.3.5')).status).toBe(200);
    // The session passed: a further check (as `remove` asks) takes its codes like the first one.
    const replay = await verify(session, { two_factor_code: second }, '10.3.3.5');
    expect(replay.status).toBe(422);
    expect(fields(replay).two_factor_code).toEqual(['Codul nu este corect.']);
    expect((await verify(await signIn(), { two_factor_code: second }, '10.3.3.5')).status).toBe(422);
    expect((await verify(session, { two_factor_code: first }, '10.3.3.5')).status).toBe(422);
    expect((await verify(session, { two_factor_code: third }, '10.3.3.5')).status).toBe(200);
    expect((await verify(session, { two_factor_code: third }, '10.3.3.5')).status).toBe(422);
  });

  it("at most 3 of a session's are valid at once: its 4th voids its oldest", async () => {
    const { signIn, nextCode } = await emailAccount();
    const session = await signIn();
    const codes = [await nextCode(session), await nextCode(session), await nextCode(session), await nextCode(session)];
    expect((await verify(session, { two_factor_code: codes[0] }, '10.3.3.6')).status).toBe(422);
    expect((await verify(session, { two_factor_code: codes[1] }, '10.3.3.6')).status).toBe(200);
    expect((await verify(session, { two_factor_code: codes[3] }, '10.3.3.6')).status).toBe(200);
  });

  it('a code is refused once its 10 minutes are over, while a later one still passes', async () => {
    const { signIn, nextCode } = await emailAccount();
    const session = await signIn();
    const old = await nextCode(session);
    clock.advance(9 * 60_000);
    const fresh = await nextCode(session); // 9 min 31 s after the old one
    clock.advance(30_000);
    expect((await verify(session, { two_factor_code: old }, '10.3.3.7')).status).toBe(422);
    expect((await verify(session, { two_factor_code: fresh }, '10.3.3.7')).status).toBe(200);
  });
});

describe('global switch', () => {
  it('reports is_two_factor_auth_enabled false and active sessions when TWO_FACTOR_ENABLED=false', async () => {
    const off = await startServer({ TWO_FACTOR_ENABLED: 'false' });
    try {
      const c = client(off.url);
      const token = await login(c, 'client2fa@exemplu.ro');
      const res = await c('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: {} });
      expect(res.body.data).toMatchObject({ is_two_factor_auth_enabled: false, is_two_factor_enabled_for_user: true, is_active: true });
    } finally {
      await off.close();
    }
  });
});

describe('lock and code-interval windows when the clock moves', () => {
  // Its own server and clock: the other tests' clock and seeded users stay untouched.
  const moving = new FakeClock('2026-05-20T09:00:05Z');
  let m: TestServer;
  let mcall: Call;
  beforeAll(async () => {
    m = await startServer({}, moving);
    mcall = client(m.url);
  });
  afterAll(() => m.close());

  const mverify = (token: string, body: Record<string, unknown>, ip: string) =>
    mcall('POST', '/api/v1/auth/two-factor/verify-code', { token, body: { token: '', user_agent: 'ua', user_ip: ip, ...body }, headers: { 'x-forwarded-for': ip } });
  const generate = (token: string) => mcall('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', provider_code: 'email' } });
  const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));
  const HOUR = 60 * 60_000;

  it('a lock holds for its whole window when the clock moves forward within it, and ends after it', async () => {
    const ip = '10.70.0.2';
    const token = await login(mcall, 'client2fa@exemplu.ro');
    for (let i = 0; i < 5; i++) expect((await mverify(token, { two_factor_code: '000000' }, ip)).status).toBe(422);
    moving.advance(14 * 60_000);
    const stillLocked = await mverify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', moving.now()) }, ip);
    expect(stillLocked.status).toBe(429);
    expect(retryAfter(stillLocked)).toBeLessThanOrEqual(60);
    moving.advance(60_000 + 1000);
    expect((await mverify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', moving.now()) }, ip)).status).toBe(200);
  });

  it('a lock never lasts longer than its 15-minute window when the clock is set back, and still holds', async () => {
    const ip = '10.70.0.1';
    const token = await login(mcall, 'client2fa@exemplu.ro');
    for (let i = 0; i < 5; i++) expect((await mverify(token, { two_factor_code: '000000' }, ip)).status).toBe(422);
    const locked = await mverify(token, { two_factor_code: '000000' }, ip);
    expect(locked.status).toBe(429);
    expect(retryAfter(locked)).toBeLessThanOrEqual(15 * 60);

    // The clock goes back an hour: still locked (no under-lock), for at most the window (no over-lock).
    moving.advance(-HOUR);
    const back = await mverify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', moving.now()) }, ip);
    expect(back.status).toBe(429);
    expect(retryAfter(back)).toBeGreaterThan(14 * 60);
    expect(retryAfter(back)).toBeLessThanOrEqual(15 * 60);
    moving.advance(14 * 60_000);
    expect((await mverify(token, { two_factor_code: await totp('JBSWY3DPEHPK3PXP', moving.now()) }, ip)).status).toBe(429);
    moving.advance(60_000 + 1000);
    // Before the fix this stayed locked until the clock caught up with the failures' stamps (75 minutes).
    const open = await login(mcall, 'client2fa@exemplu.ro');
    expect((await mverify(open, { two_factor_code: '000000' }, ip)).status).toBe(422);
    // Attempts are still limited after the jump: 5 failures of a session lock it again.
    for (let i = 0; i < 4; i++) expect((await mverify(open, { two_factor_code: '000000' }, ip)).status).toBe(422);
    expect((await mverify(open, { two_factor_code: '000000' }, ip)).status).toBe(429);
  });

  it('the 30 s email-code interval and a code\'s 10 minutes never stretch when the clock is set back', async () => {
    const token = await login(mcall, 'obligatoriu2fa@exemplu.ro');
    expect((await generate(token)).status).toBe(200);
    const [mail] = await outbox(mcall, 'obligatoriu2fa@exemplu.ro');
    const firstCode = /(\d{6})/.exec(mail.subject)![1];

    // Forward within the interval: still refused (no under-limit).
    moving.advance(29_000);
    const soon = await generate(token);
    expect(soon.status).toBe(429);
    expect(retryAfter(soon)).toBeLessThanOrEqual(1);

    // Back an hour: refused for at most the interval, then allowed (before the fix: for an hour).
    moving.advance(-HOUR);
    const back = await generate(token);
    expect(back.status).toBe(429);
    expect(back.body.error.code).toBe('too_many_requests');
    expect(retryAfter(back)).toBeGreaterThan(0);
    expect(retryAfter(back)).toBeLessThanOrEqual(30);
    moving.advance(31_000);
    expect((await generate(token)).status).toBe(200);

    // The first code, mailed "in the future", expires 10 minutes from the jump, not when the clock catches up.
    moving.advance(10 * 60_000);
    const late = await mverify(token, { two_factor_code: firstCode, provider_code: 'email' }, '10.70.0.3');
    expect(late.status).toBe(422);
  });
});
