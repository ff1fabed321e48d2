import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, fields, outbox, startServer, type Call, type TestServer } from './helpers';
import { freshTotpCode, twoFactorCalls } from './two-factor-helpers';

/**
 * Pre-account takeover through two-factor: register never proves the mailbox, so whoever knows an address can
 * open the account first and turn on two-factor with a secret of their own. The owner's first Google sign-in
 * (Google proves the mailbox) must not leave the owner held at a second factor only that other party holds.
 */
let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({ DEV_GOOGLE_SIGN_IN: 'true' }, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const ATTACKER = { 'x-forwarded-for': '203.0.113.50', 'user-agent': 'AttackerBrowser' };
const OWNER = { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'OwnerBrowser' };
const OWNER_PHONE = { 'x-forwarded-for': '198.51.100.8', 'user-agent': 'OwnerPhone' };

const freshCode = (secret: string) => freshTotpCode(clock, secret);
const { verify, check } = twoFactorCalls(() => call);
const google = (email: string, headers: Record<string, string>) =>
  call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ana:Pop` }, headers });

const db = () => t.server.db;
const userRow = (email: string) => db().prepare('SELECT * FROM users WHERE email = ?').get(email) as Record<string, unknown>;
const count = (sql: string, email: string) =>
  db().prepare(sql.replace('$USER', '(SELECT id FROM users WHERE email = ?)')).pluck().get(email) as number;

/** Opens `email` with a password and turns the authenticator on with a secret of the opener's own. */
async function preOpenWithTotp(email: string, password: string) {
  const reg = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000555', first_name: 'Mallory', last_name: 'Rau', password, password_confirmation: password, is_default_password: false, token: '' },
    headers: ATTACKER,
  });
  expect(reg.status, reg.text).toBe(201);
  const session = reg.body.data.access_token as string;
  const qr = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: session, headers: ATTACKER })).body.data;
  const on = await verify(session, { secret: qr.secret, two_factor_code: await freshCode(qr.secret), provider_code: 'authenticator' }, ATTACKER);
  expect(on.status, on.text).toBe(200);
  const recoveryCodes = on.body.data.recovery_codes as string[];
  expect(recoveryCodes).toHaveLength(10);
  // The attacker's password sign-in is held at the second factor, which the attacker holds.
  const pending = await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers: ATTACKER });
  expect(pending.body.data.is_two_factor_enabled).toBe(true);
  expect((await verify(pending.body.data.access_token, { two_factor_code: await freshCode(qr.secret) }, ATTACKER)).status).toBe(200);
  // A mailed code still valid (enabling the authenticator voids those mailed before; one mailed while the email
  // provider was on stays valid for 10 minutes): put in directly.
  db()
    .prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, created_at) VALUES ((SELECT id FROM users WHERE email = ?), ?, ?, ?)')
    .run(email, createHash('sha256').update('482915').digest('hex'), new Date(clock.now().getTime() + 600_000).toISOString(), clock.now().toISOString());
  return { session, secret: qr.secret as string, recoveryCodes };
}

describe('two-factor set up before the owner\'s first Google sign-in', () => {
  it('goes at the first Google link: the owner is signed in, not held at a factor someone else holds', async () => {
    const email = 'victima.2fa@exemplu.ro';
    const attacker = await preOpenWithTotp(email, 'Parola-Atacator-91');
    expect(userRow(email).two_factor_provider).toBe('authenticator');
    expect(count('SELECT COUNT(*) FROM email_codes WHERE user_id = $USER AND used_at IS NULL', email)).toBe(1);
    expect(count('SELECT COUNT(*) FROM sessions WHERE user_id = $USER AND two_factor_passed = 1', email)).toBeGreaterThan(0);

    const res = await google(email, OWNER);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.is_two_factor_enabled).toBe(false);
    expect(res.body.data.user).toMatchObject({ email, is_two_factor_enabled: false, is_two_factor_required: false });
    const owner = res.body.data.access_token as string;

    // Signed in: the calls of a signed-in user answer, the session owes no second factor.
    const me = await call('GET', '/api/v1/auth/user', { token: owner, headers: OWNER });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data).toMatchObject({ email, is_two_factor_enabled: false });
    expect((await check(owner, OWNER)).body.data).toEqual({
      is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: false,
    });

    // Nothing the opener set up is left: no secret, no recovery codes, no usable mailed code, no known device.
    expect(userRow(email)).toMatchObject({ two_factor_provider: null, two_factor_secret: null, two_factor_pending_secret: null });
    expect(count('SELECT COUNT(*) FROM recovery_codes WHERE user_id = $USER', email)).toBe(0);
    expect(count('SELECT COUNT(*) FROM email_codes WHERE user_id = $USER AND used_at IS NULL', email)).toBe(0);
    expect(count('SELECT COUNT(*) FROM sessions WHERE user_id = $USER AND two_factor_passed = 1', email)).toBe(0);

    // The opener's recovery code and authenticator pass no check, on any session.
    const byRecovery = await verify(owner, { recovery_code: attacker.recoveryCodes[0] }, OWNER);
    expect(byRecovery.status).toBe(422);
    expect(fields(byRecovery)).toHaveProperty('recovery_code');
    expect((await verify(owner, { two_factor_code: await freshCode(attacker.secret), provider_code: 'authenticator' }, OWNER)).status).toBe(422);
    // …nor does the opener keep a session or the password (ccc5fd5).
    expect((await call('GET', '/api/v1/auth/user', { token: attacker.session, headers: ATTACKER })).status).toBe(401);
    expect((await call('POST', '/api/v1/auth/login', { body: { email, password: 'Parola-Atacator-91', token: '' }, headers: ATTACKER })).status).toBe(422);

    // The owner is told, in Romanian (ș and ț with the comma below).
    const mails = await outbox(call, email);
    const notice = mails.find((m) => m.subject === 'Autentificarea în doi pași a fost dezactivată la prima autentificare cu Google');
    expect(notice, mails.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(notice!.text).toContain('Codurile de recuperare');
    expect(notice!.text).toContain('Securitate');
    expect(notice!.text).not.toMatch(/[şţŞŢ]/);

    // The owner can set two-factor up afresh with a secret of their own.
    const qr = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: owner, headers: OWNER })).body.data;
    const on = await verify(owner, { secret: qr.secret, two_factor_code: await freshCode(qr.secret), provider_code: 'authenticator' }, OWNER);
    expect(on.status, on.text).toBe(200);
    expect(userRow(email).two_factor_secret).toBe(qr.secret);
  });

  it('an account that must have two-factor sends the owner to set it up afresh, not past it', async () => {
    const email = 'victima.obligatoriu@exemplu.ro';
    await preOpenWithTotp(email, 'Parola-Atacator-92');
    expect((await call('PUT', `/dev/users/${encodeURIComponent(email)}`, { body: { is_two_factor_required: true } })).status).toBe(200);

    const res = await google(email, OWNER);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user).toMatchObject({ is_two_factor_enabled: false, is_two_factor_required: true });
    const owner = res.body.data.access_token as string;
    // What the web app routes by (SPEC §4): required and not enabled → /account/2fa (setup), never the check page.
    expect((await check(owner, OWNER)).body.data).toEqual({
      is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: true,
    });
    expect(userRow(email)).toMatchObject({ is_two_factor_required: 1, two_factor_provider: null, two_factor_secret: null });
  });

  it('a later Google sign-in keeps the two-factor the owner turned on after the link', async () => {
    const email = 'legat.google@exemplu.ro';
    // First sign-in: a new account, linked to Google from the start.
    const first = await google(email, OWNER);
    expect(first.status, first.text).toBe(200);
    const session = first.body.data.access_token as string;
    const qr = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: session, headers: OWNER })).body.data;
    const on = await verify(session, { secret: qr.secret, two_factor_code: await freshCode(qr.secret), provider_code: 'authenticator' }, OWNER);
    expect(on.status, on.text).toBe(200);
    const codes = db().prepare('SELECT code_hash FROM recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id').all(email);
    expect(codes).toHaveLength(10);

    // Second sign-in (from another device): two-factor stays in force.
    const again = await google(email, OWNER_PHONE);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.is_two_factor_enabled).toBe(true);
    const pending = again.body.data.access_token as string;
    const me = await call('GET', '/api/v1/auth/user', { token: pending, headers: OWNER_PHONE });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('two_factor_required');
    expect((await check(pending, OWNER_PHONE)).body.data).toMatchObject({ is_two_factor_enabled_for_user: true, is_active: false });
    expect(userRow(email)).toMatchObject({ two_factor_provider: 'authenticator', two_factor_secret: qr.secret });
    expect(db().prepare('SELECT code_hash FROM recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id').all(email)).toEqual(codes);
    // The session that passed before is still signed in, and the new one passes with the owner's code.
    expect((await call('GET', '/api/v1/auth/user', { token: session, headers: OWNER })).status).toBe(200);
    expect((await verify(pending, { two_factor_code: await freshCode(qr.secret) }, OWNER_PHONE)).status).toBe(200);
    expect((await call('GET', '/api/v1/auth/user', { token: pending, headers: OWNER_PHONE })).status).toBe(200);
    // No two-factor notice was mailed for a sign-in that changed nothing.
    expect((await outbox(call, email)).map((m) => m.subject)).not.toContain('Autentificarea în doi pași a fost dezactivată la prima autentificare cu Google');
  });
});
