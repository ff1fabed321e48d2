import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardrails, generate, generateSecret } from 'otplib';
import { client, FakeClock, fields, outbox, startServer, type Call, type TestServer } from './helpers';
import { describeUserAgent } from '../src/mail/templates';

/**
 * Issue 13 items 2, 9 and the two-factor part of 8: no re-enrolment without the factor, no weaker factor,
 * GET generate-qr-code stores nothing, mails on every change and on a new device, and lockout windows that a
 * password-only attacker cannot turn against the owner.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
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

/** A TOTP code of `secret` for a step nobody used yet (the clock moves one step on). */
async function freshCode(secret: string) {
  clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), guardrails });
}

const as = (ip: string, ua = 'Firefox') => ({ 'x-forwarded-for': ip, 'user-agent': ua });

async function signIn(email: string, ip = '10.0.0.1', ua = 'Firefox', password = 'Parola-Demo-2026') {
  const res = await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers: as(ip, ua) });
  expect(res.status).toBe(200);
  return res.body.data.access_token as string;
}

function verify(token: string, body: Record<string, unknown>, ip = '10.0.0.1', ua = 'Firefox') {
  return call('POST', '/api/v1/auth/two-factor/verify-code', { token, body: { token: '', user_agent: 'ua', user_ip: '', ...body }, headers: as(ip, ua) });
}

async function passedSession(email = USER, secret = DEMO_SECRET, ip = '10.0.0.1', ua = 'Firefox') {
  const token = await signIn(email, ip, ua);
  const res = await verify(token, { two_factor_code: await freshCode(secret), provider_code: 'authenticator' }, ip, ua);
  expect(res.status, res.text).toBe(200);
  return token;
}

const userRow = (email: string) => t.server.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as Record<string, unknown>;
const recoveryRows = (email: string) =>
  t.server.db.prepare('SELECT code_hash, used_at FROM recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id').all(email);

/** Everything a two-factor call could write, for "nothing changed" assertions. */
function snapshot() {
  const db = t.server.db;
  return JSON.stringify(
    ['users', 'recovery_codes', 'email_codes', 'totp_used_steps', 'two_factor_attempts', 'settings', 'idempotency_keys', 'outbox'].map((table) =>
      db.prepare(`SELECT * FROM ${table}`).all(),
    ),
  );
}

describe('re-enrolment by a password-only session', () => {
  it('is refused at every step, and the owner\'s secret and recovery codes stay', async () => {
    const before = { user: userRow(USER), codes: recoveryRows(USER) };
    const pending = await signIn(USER, '203.0.113.9', 'Attacker');

    expect((await call('GET', `/api/v1/auth/two-factor/generate-qr-code?token=${pending}`)).body.error.code).toBe('two_factor_required');
    // verify-code with a secret of the attacker's own making (and its valid code)
    const own = generateSecret();
    const setup = await verify(pending, { secret: own, two_factor_code: await freshCode(own), provider_code: 'authenticator' }, '203.0.113.9', 'Attacker');
    expect(setup.status).toBe(403);
    expect(setup.body.error.code).toBe('two_factor_required');
    // changing the provider to email
    const gen = await call('POST', '/api/v1/auth/two-factor/generate-code', { token: pending, body: { token: '', provider_code: 'email' }, headers: as('203.0.113.9') });
    expect(gen.status).toBe(422);
    const change = await verify(pending, { two_factor_code: '123456', provider_code: 'email' }, '203.0.113.9', 'Attacker');
    expect(change.status).toBe(403);
    // removing it, even with a valid recovery code
    const remove = await call('POST', '/api/v1/auth/two-factor/remove', { token: pending, body: { token: '', recovery_key: 'DEMO-CODE-0010', provider_code: 'authenticator' } });
    expect(remove.status).toBe(403);
    expect(remove.body.error.code).toBe('two_factor_required');

    expect(userRow(USER)).toEqual(before.user);
    expect(recoveryRows(USER)).toEqual(before.codes);
    expect((await verify(await signIn(USER), { two_factor_code: await freshCode(DEMO_SECRET) })).status).toBe(200);
  });
});

describe('GET generate-qr-code', () => {
  it('stores nothing; its secret works only for the session it was made for, and not for ever', async () => {
    const token = await signIn('client@exemplu.ro', '10.0.0.5');
    const before = snapshot();
    const a = await call('GET', `/api/v1/auth/two-factor/generate-qr-code?token=${token}`);
    const b = await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token });
    expect(a.status).toBe(200);
    expect(a.body.data.secret).not.toBe(b.body.data.secret);
    expect(a.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(snapshot()).toBe(before);

    // another session of the same user cannot use it
    const other = await signIn('client@exemplu.ro', '10.0.0.5');
    const stolen = await verify(other, { secret: a.body.data.secret, two_factor_code: await freshCode(a.body.data.secret), provider_code: 'authenticator' }, '10.0.0.5');
    expect(stolen.status).toBe(422);
    expect(fields(stolen)).toHaveProperty('secret');
    // a secret the server did not make is refused
    const own = generateSecret();
    const forged = await verify(token, { secret: own, two_factor_code: await freshCode(own), provider_code: 'authenticator' }, '10.0.0.5');
    expect(fields(forged)).toHaveProperty('secret');
    // after 30 minutes the secret has expired
    clock.advance(31 * 60_000);
    const late = await verify(token, { secret: b.body.data.secret, two_factor_code: await freshCode(b.body.data.secret), provider_code: 'authenticator' }, '10.0.0.5');
    expect(fields(late)).toHaveProperty('secret');
    expect(userRow('client@exemplu.ro').two_factor_provider).toBeNull();
  });
});

describe('setting two-factor up again while it is on', () => {
  it('needs a passed session and a current code; then the old secret and recovery codes stop working', async () => {
    // a user of its own, with the authenticator on
    const email = 'reenrol@exemplu.ro';
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000111', first_name: 'Dana', last_name: 'Pop', password: 'Parola-Buna-2026', password_confirmation: 'Parola-Buna-2026', is_default_password: false, token: '' },
      headers: as('10.0.0.7'),
    });
    const token = reg.body.data.access_token as string;
    const qr1 = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token, headers: as('10.0.0.7') })).body.data;
    const first = await verify(token, { secret: qr1.secret, two_factor_code: await freshCode(qr1.secret), provider_code: 'authenticator' }, '10.0.0.7');
    expect(first.status).toBe(200);
    const oldCodes: string[] = first.body.data.recovery_codes;
    const enabledMail = (await outbox(call, email))[0];
    expect(enabledMail.subject).toBe('Autentificarea în doi pași a fost activată');
    expect(enabledMail.text).toContain('dumneavoastră');

    const qr2 = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token, headers: as('10.0.0.7') })).body.data;
    const newCode = await freshCode(qr2.secret);
    // without a current code: refused, nothing changes
    const bare = await verify(token, { secret: qr2.secret, two_factor_code: newCode, provider_code: 'authenticator' }, '10.0.0.7');
    expect(bare.status).toBe(422);
    expect(fields(bare)).toHaveProperty('current_two_factor_code');
    // a wrong current code: refused
    const wrong = await verify(token, { secret: qr2.secret, two_factor_code: newCode, current_two_factor_code: '000000', provider_code: 'authenticator' }, '10.0.0.7');
    expect(fields(wrong)).toHaveProperty('current_two_factor_code');
    expect(userRow(email).two_factor_secret).toBe(qr1.secret);

    // with the current code of the enabled factor (same 30 s step as the new one: both are accepted)
    const current = generateCurrent(qr1.secret);
    const again = await verify(token, { secret: qr2.secret, two_factor_code: newCode, current_two_factor_code: await current, provider_code: 'authenticator' }, '10.0.0.7');
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.recovery_codes).toHaveLength(10);
    expect(userRow(email).two_factor_secret).toBe(qr2.secret);
    expect((await outbox(call, email))[0].subject).toBe('Autentificarea în doi pași a fost configurată din nou');

    const fresh = await signIn(email, '10.0.0.7', 'Firefox', 'Parola-Buna-2026');
    expect((await verify(fresh, { recovery_code: oldCodes[0] }, '10.0.0.7')).status).toBe(422);
    expect((await verify(fresh, { two_factor_code: await freshCode(qr1.secret) }, '10.0.0.7')).status).toBe(422);
    expect((await verify(fresh, { two_factor_code: await freshCode(qr2.secret) }, '10.0.0.7')).status).toBe(200);

    // removal by a passed session with a current code mails too
    const removed = await call('POST', '/api/v1/auth/two-factor/remove', {
      token: fresh, body: { token: '', two_factor_code: await freshCode(qr2.secret), provider_code: 'authenticator' }, headers: as('10.0.0.7'),
    });
    expect(removed.body.data).toEqual({ is_removed: true });
    expect((await outbox(call, email))[0].subject).toBe('Autentificarea în doi pași a fost dezactivată');

    // email provider on; then a change to the authenticator is confirmed with a recovery code of the email factor
    clock.advance(31_000);
    expect((await call('POST', '/api/v1/auth/two-factor/generate-code', { token: fresh, body: { token: '', provider_code: 'email' }, headers: as('10.0.0.7') })).status).toBe(200);
    const mailed = /(\d{6})/.exec((await outbox(call, email))[0].subject)![1];
    const emailOn = await verify(fresh, { two_factor_code: mailed, provider_code: 'email' }, '10.0.0.7');
    expect(emailOn.status, emailOn.text).toBe(200);
    expect((await outbox(call, email))[0].subject).toBe('Autentificarea în doi pași a fost activată');
    const qr3 = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: fresh, headers: as('10.0.0.7') })).body.data;
    const noCurrent = await verify(fresh, { secret: qr3.secret, two_factor_code: await freshCode(qr3.secret), provider_code: 'authenticator' }, '10.0.0.7');
    expect(fields(noCurrent)).toHaveProperty('current_two_factor_code');
    const switched = await verify(
      fresh,
      { secret: qr3.secret, two_factor_code: await freshCode(qr3.secret), provider_code: 'authenticator', current_recovery_code: emailOn.body.data.recovery_codes[0] },
      '10.0.0.7',
    );
    expect(switched.status, switched.text).toBe(200);
    expect(userRow(email).two_factor_provider).toBe('authenticator');
    expect((await outbox(call, email))[0].subject).toBe('Metoda de autentificare în doi pași a fost schimbată');
  });
});

/** The code of `secret` at the clock's current step (the one freshCode last moved to). */
function generateCurrent(secret: string) {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), guardrails });
}

describe('no weaker factor', () => {
  it('an authenticator user never passes with an email code, and is never mailed one', async () => {
    const owner = await passedSession(USER, DEMO_SECRET, '10.0.0.1');
    // An email code of this user that is still valid (e.g. mailed while the email provider was on).
    const code = '482915';
    t.server.db
      .prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, created_at) VALUES ((SELECT id FROM users WHERE email = ?), ?, ?, ?)')
      .run(USER, createHash('sha256').update(code).digest('hex'), new Date(clock.now().getTime() + 600_000).toISOString(), clock.now().toISOString());

    const pending = await signIn(USER, '10.0.0.1');
    const asEmail = await verify(pending, { two_factor_code: code, provider_code: 'email' });
    expect(asEmail.status).toBe(403);
    expect(asEmail.body.error.code).toBe('two_factor_required');
    expect((await verify(pending, { two_factor_code: code, provider_code: 'authenticator' })).status).toBe(422);
    expect((await verify(pending, { two_factor_code: code })).status).toBe(422);
    const check = await call('POST', '/api/v1/auth/two-factor/check-active-session', { token: pending, body: {} });
    expect(check.body.data.is_active).toBe(false);
    // nor does it remove two-factor from a passed session
    const remove = await call('POST', '/api/v1/auth/two-factor/remove', { token: owner, body: { token: '', two_factor_code: code, provider_code: 'email' } });
    expect(remove.status).toBe(422);
    expect(userRow(USER).two_factor_provider).toBe('authenticator');

    // no code by mail to an authenticator user, pending or passed
    clock.advance(31_000);
    const mailsBefore = (await outbox(call, USER)).length;
    for (const token of [pending, owner]) {
      const gen = await call('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', provider_code: 'email' } });
      expect(gen.status).toBe(422);
      expect(fields(gen)).toHaveProperty('provider_code');
    }
    expect((await outbox(call, USER)).length).toBe(mailsBefore);
  });
});

describe('new-device sign-in mail', () => {
  it('is sent for a user agent and IP pair not seen for the user, once', async () => {
    const email = 'client@exemplu.ro';
    const count = async () => (await outbox(call, email)).filter((m) => m.subject === 'Autentificare de pe un dispozitiv nou').length;
    const start = await count();
    await signIn(email, '198.51.100.20', 'Browser-Nou/1.0');
    expect(await count()).toBe(start + 1);
    const mail = (await outbox(call, email)).find((m) => m.subject === 'Autentificare de pe un dispozitiv nou')!;
    expect(mail.text).toContain('198.51.100.20');
    expect(mail.text).toContain('Browser: necunoscut');
    await signIn(email, '198.51.100.20', 'Browser-Nou/1.0');
    expect(await count()).toBe(start + 1);
    await signIn(email, '198.51.100.21', 'Browser-Nou/1.0');
    expect(await count()).toBe(start + 2);
  });

  it('names the browser and system it recognises, never the text the client sent as its user agent', async () => {
    const email = 'client@exemplu.ro';
    const hostile = 'Contul va fi blocat. Confirmati cardul la https://evil.example/card Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    await signIn(email, '198.51.100.30', hostile);
    const mail = (await outbox(call, email)).find((m) => m.subject === 'Autentificare de pe un dispozitiv nou' && m.text.includes('198.51.100.30'))!;
    expect(mail.text).toContain('Browser: Chrome pe Windows');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('Confirmati cardul');
  });

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari pe iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox pe Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Microsoft Edge pe Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet pe Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari pe macOS'],
    ['curl/8.5.0', 'necunoscut'],
    ['', 'necunoscut'],
  ])('describes %j as %j', (userAgent, described) => {
    expect(describeUserAgent(userAgent)).toBe(described);
  });

  it('is not sent for the first session of a new account', async () => {
    const email = 'primul@exemplu.ro';
    await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000222', first_name: 'Ion', last_name: 'Pop', password: 'Parola-Buna-2026', password_confirmation: 'Parola-Buna-2026', is_default_password: false, token: '' },
      headers: as('10.0.0.8'),
    });
    expect((await outbox(call, email)).filter((m) => m.subject === 'Autentificare de pe un dispozitiv nou')).toHaveLength(0);
  });
});

describe('attempt windows (a password-only attacker cannot lock the owner out)', () => {
  it('locks the attacker\'s session after 5 failures and the user\'s unknown devices after 5; the owner\'s known device still passes', async () => {
    clock.advance(16 * 60_000); // a clean window
    // the owner once passed on this device (user agent + IP)
    await passedSession(USER, DEMO_SECRET, '10.50.0.1', 'Owner-Browser');

    // the attacker: password only, its own IP
    const attacker = await signIn(USER, '203.0.113.50', 'Attacker');
    for (let i = 0; i < 5; i++) expect((await verify(attacker, { two_factor_code: '000000' }, '203.0.113.50', 'Attacker')).status).toBe(422);
    const locked = await verify(attacker, { two_factor_code: '000000' }, '203.0.113.50', 'Attacker');
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('too_many_attempts');

    // a fresh attacker session (another IP): the user's unknown devices are locked too
    const attacker2 = await signIn(USER, '203.0.113.51', 'Attacker');
    const locked2 = await verify(attacker2, { two_factor_code: await freshCode(DEMO_SECRET) }, '203.0.113.51', 'Attacker');
    expect(locked2.status).toBe(429);

    // the owner, signing in afresh on a device where they passed before, is not locked
    const ownerKnown = await signIn(USER, '10.50.0.1', 'Owner-Browser');
    expect((await verify(ownerKnown, { two_factor_code: await freshCode(DEMO_SECRET) }, '10.50.0.1', 'Owner-Browser')).status).toBe(200);
  });

  it('a password-only attacker posing as the owner\'s known device (user agent + IP) gets 5 guesses, not one session\'s 5 after another', async () => {
    clock.advance(16 * 60_000);
    await passedSession(USER, DEMO_SECRET, '10.90.0.1', 'Owner-Laptop');
    await passedSession(USER, DEMO_SECRET, '10.90.0.2', 'Owner-Phone');

    // The user agent is the client's to choose, and the owner's IP is shared (NAT) or forged where trusted.
    // Each guess comes from another IP, so the IP window never fills either.
    let ipSuffix = 1;
    const guess = (token: string) => verify(token, { two_factor_code: '000000' }, `198.51.100.${ipSuffix++}`, 'Owner-Laptop');
    const first = await signIn(USER, '10.90.0.1', 'Owner-Laptop');
    for (let i = 0; i < 5; i++) expect((await guess(first)).status).toBe(422);
    // A fresh session on the same device: before the fix another 5 guesses, and so on without end.
    const second = await signIn(USER, '10.90.0.1', 'Owner-Laptop');
    const locked = await guess(second);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('too_many_attempts');

    // The owner's other known device is not held, and a recovery code passes on the held one.
    const phone = await signIn(USER, '10.90.0.2', 'Owner-Phone');
    expect((await verify(phone, { two_factor_code: await freshCode(DEMO_SECRET) }, '10.90.0.2', 'Owner-Phone')).status).toBe(200);
    const laptop = await signIn(USER, '10.90.0.1', 'Owner-Laptop');
    expect((await verify(laptop, { recovery_code: 'DEMO-CODE-0007' }, '10.90.0.1', 'Owner-Laptop')).status).toBe(200);
  });

  it('after the owner\'s success the user window starts again; a session lock is the session\'s own', async () => {
    clock.advance(16 * 60_000);
    const attacker = await signIn(USER, '203.0.113.60', 'Attacker');
    for (let i = 0; i < 5; i++) await verify(attacker, { two_factor_code: '000000' }, '203.0.113.60', 'Attacker');
    expect((await verify(attacker, { two_factor_code: '000000' }, '203.0.113.60', 'Attacker')).status).toBe(429);
    const ownerNew = await signIn(USER, '10.70.0.1', 'Owner-Tablet');
    // unknown device, user window full: locked for codes, open for a recovery code
    expect((await verify(ownerNew, { two_factor_code: await freshCode(DEMO_SECRET) }, '10.70.0.1', 'Owner-Tablet')).status).toBe(429);
    expect((await verify(ownerNew, { recovery_code: 'DEMO-CODE-0004' }, '10.70.0.1', 'Owner-Tablet')).status).toBe(200);
    // the attacker's session stays locked until its window ends, then gets 5 more tries only
    expect((await verify(attacker, { two_factor_code: '000000' }, '203.0.113.60', 'Attacker')).status).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    expect((await verify(attacker, { two_factor_code: '000000' }, '203.0.113.60', 'Attacker')).status).toBe(422);
  });
});

describe('the per-IP window', () => {
  it('counts an IPv6 client by its /64, as the sign-in throttle does: new addresses of one block are not new clients', async () => {
    clock.advance(16 * 60_000);
    // Six accounts with the authenticator on, each signed in with the password only.
    const emails = Array.from({ length: 6 }, (_, i) => `bloc6-${i}@exemplu.ro`);
    const sessions: string[] = [];
    for (const [i, email] of emails.entries()) {
      const reg = await call('POST', '/api/v1/auth/register', {
        body: { email, phone_number: `072200044${i}`, first_name: 'Ion', last_name: 'Pop', password: 'Parola-Buna-2026', password_confirmation: 'Parola-Buna-2026', is_default_password: false, token: '' },
        headers: as('10.0.0.9'),
      });
      expect(reg.status).toBe(201);
      t.server.db.prepare("UPDATE users SET two_factor_provider = 'authenticator', two_factor_secret = ? WHERE email = ?").run(DEMO_SECRET, email);
      sessions.push(await signIn(email, '10.0.0.9', 'Firefox', 'Parola-Buna-2026'));
    }
    // 4 wrong codes per account (under the session and user windows), each from a new address of one /64.
    let host = 1;
    const guess = (token: string) => verify(token, { two_factor_code: '000000' }, `2001:db8:7:1::${(host++).toString(16)}`, 'Attacker');
    for (const token of sessions.slice(0, 5)) {
      for (let i = 0; i < 4; i++) expect((await guess(token)).status).toBe(422);
    }
    // 20 failures from the block: the next guess from yet another of its addresses is held.
    const held = await guess(sessions[5]);
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe('too_many_attempts');
    // Another block is another client.
    expect((await verify(sessions[5], { two_factor_code: '000000' }, '2001:db8:7:2::1', 'Attacker')).status).toBe(422);
  });
});
