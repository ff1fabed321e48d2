import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../src/db/migrations';
import { client, FakeClock, fields, outbox, startServer, type Call, type TestServer } from './helpers';
import { freshTotpCode, twoFactorCalls } from './two-factor-helpers';

/**
 * Two-factor lockout of the mailbox owner (pre-account takeover, the password-reset half): register and guest
 * checkout never prove the mailbox, so whoever knows an address can open the account first and turn on the
 * authenticator with a secret of their own. The owner's password reset through the mailed link proves the mailbox:
 * it must not leave the owner held at a second factor only that other party holds. Two-factor set up after the
 * mailbox was proven is the owner's, and a reset (a stolen mailbox) never drops it.
 */
let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({ DEV_ENDPOINTS: '1', DEV_GOOGLE_SIGN_IN: 'true' }, clock);
  call = client(t.url);
});
afterAll(() => t.close());

let ipCounter = 10;
/** A device of its own for every actor of every test (the reset-link throttles count per client IP). */
function device(name: string) {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter}`, 'user-agent': name };
}

const freshCode = (secret: string) => freshTotpCode(clock, secret);
const { verify, check } = twoFactorCalls(() => call);
const signIn = (email: string, password: string, headers: Record<string, string>) =>
  call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers });

const db = () => t.server.db;
const userRow = (email: string) => db().prepare('SELECT * FROM users WHERE email = ?').get(email) as Record<string, unknown>;
const count = (sql: string, email: string) =>
  db().prepare(sql.replace('$USER', '(SELECT id FROM users WHERE email = ?)')).pluck().get(email) as number;
const recoveryHashes = (email: string) =>
  db().prepare('SELECT code_hash FROM recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id').all(email);

const REMOVED_AT_RESET = 'Autentificarea în doi pași a fost dezactivată la resetarea parolei';

/** Turns the authenticator on for a signed-in session; returns its secret and recovery codes. */
async function enableTotp(session: string, headers: Record<string, string>) {
  const qr = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: session, headers })).body.data;
  const on = await verify(session, { secret: qr.secret, two_factor_code: await freshCode(qr.secret), provider_code: 'authenticator' }, headers);
  expect(on.status, on.text).toBe(200);
  return { secret: qr.secret as string, recoveryCodes: on.body.data.recovery_codes as string[] };
}

async function register(email: string, password: string, headers: Record<string, string>) {
  const reg = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000555', first_name: 'Mallory', last_name: 'Rau', password, password_confirmation: password, is_default_password: false, token: '' },
    headers,
  });
  expect(reg.status, reg.text).toBe(201);
  return reg.body.data.access_token as string;
}

/**
 * The attacker opens `email` with a password and turns the authenticator on with a secret of their own, passes it
 * on a second session (a known device) and holds a mailed code still valid.
 */
async function preOpenWithTotp(email: string, password: string, attacker: Record<string, string>) {
  const session = await register(email, password, attacker);
  const totp = await enableTotp(session, attacker);
  const pending = await signIn(email, password, attacker);
  expect(pending.body.data.is_two_factor_enabled).toBe(true);
  const passed = pending.body.data.access_token as string;
  expect((await verify(passed, { two_factor_code: await freshCode(totp.secret) }, attacker)).status).toBe(200);
  db()
    .prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, created_at) VALUES ((SELECT id FROM users WHERE email = ?), ?, ?, ?)')
    .run(email, createHash('sha256').update('482915').digest('hex'), new Date(clock.now().getTime() + 600_000).toISOString(), clock.now().toISOString());
  return { session, passed, ...totp };
}

/** The single-use link of the newest mail to `email` that carries one (reset or welcome). */
async function mailedLink(email: string): Promise<URL> {
  const mail = (await outbox(call, email)).find((m) => /reset_token=/.test(m.text));
  expect(mail, 'a mail with a set-password link').toBeDefined();
  return new URL(/(https?:\/\/\S+\/authenticate\?\S+)/.exec(mail!.text)![1]);
}

/** The owner asks for a reset link, reads it in the mailbox and sets `password` with it. */
async function ownerResets(email: string, password: string, owner: Record<string, string>) {
  const sent = await call('POST', '/api/v1/auth/generate-reset-token', { body: { email, token: '' }, headers: owner });
  expect(sent.status, sent.text).toBe(200);
  return setPasswordWith(await mailedLink(email), password, owner);
}

async function setPasswordWith(link: URL, password: string, owner: Record<string, string>) {
  const body = { email: link.searchParams.get('email'), reset_token: link.searchParams.get('reset_token'), password, password_confirmation: password, token: '' };
  const res = await call('POST', '/api/v1/auth/reset-password', { body, headers: owner });
  expect(res.status, res.text).toBe(200);
  return body;
}

describe('authenticator set up before the mailbox was ever proven', () => {
  it('goes at the owner\'s password reset: the owner signs in without the attacker\'s factor', async () => {
    const email = 'victima.resetare@exemplu.ro';
    const ATTACKER = device('AttackerBrowser');
    const OWNER = device('OwnerBrowser');
    const attacker = await preOpenWithTotp(email, 'Parola-Atacator-91', ATTACKER);
    expect(userRow(email)).toMatchObject({ two_factor_provider: 'authenticator', email_verified_at: null });

    const used = await ownerResets(email, 'Parola-Proprietar-77', OWNER);

    // The owner's sign-in with the new password is a full sign-in: no second factor owed.
    const login = await signIn(email, 'Parola-Proprietar-77', OWNER);
    expect(login.status, login.text).toBe(200);
    expect(login.body.data.is_two_factor_enabled).toBe(false);
    const owner = login.body.data.access_token as string;
    const me = await call('GET', '/api/v1/auth/user', { token: owner, headers: OWNER });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data).toMatchObject({ email, is_two_factor_enabled: false, is_two_factor_required: false });
    // What the web app routes by (proxy.ts, /account/2fa-check): nothing pending.
    expect((await check(owner, OWNER)).body.data).toEqual({
      is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: false,
    });

    // The mailbox is recorded as proven; nothing the opener set up is left: no secret, no recovery codes, no usable
    // mailed code, no device that passed the factor.
    expect(userRow(email)).toMatchObject({ two_factor_provider: null, two_factor_secret: null, two_factor_pending_secret: null });
    expect(userRow(email).email_verified_at).toBe(clock.now().toISOString());
    expect(count('SELECT COUNT(*) FROM recovery_codes WHERE user_id = $USER', email)).toBe(0);
    expect(count('SELECT COUNT(*) FROM email_codes WHERE user_id = $USER AND used_at IS NULL', email)).toBe(0);
    expect(count('SELECT COUNT(*) FROM sessions WHERE user_id = $USER AND two_factor_passed = 1', email)).toBe(0);
    const byRecovery = await verify(owner, { recovery_code: attacker.recoveryCodes[0] }, OWNER);
    expect(byRecovery.status).toBe(422);
    expect(fields(byRecovery)).toHaveProperty('recovery_code');

    // The attacker's sessions are over (the one that passed the factor too), and so is their password.
    for (const token of [attacker.session, attacker.passed]) {
      expect((await call('GET', '/api/v1/auth/user', { token, headers: ATTACKER })).status).toBe(401);
    }
    expect((await signIn(email, 'Parola-Atacator-91', ATTACKER)).status).toBe(422);

    // The link is spent: replaying it (another request, or the same one) changes nothing.
    const replay = await call('POST', '/api/v1/auth/reset-password', { body: { ...used, password: 'Alta-Parola-Noua-5', password_confirmation: 'Alta-Parola-Noua-5' }, headers: ATTACKER });
    expect(fields(replay)).toEqual({ reset_token: ['Linkul de resetare a expirat sau a fost deja folosit.'] });
    expect((await signIn(email, 'Parola-Proprietar-77', OWNER)).status).toBe(200);

    // The owner is told, in Romanian (ș and ț with the comma below), once.
    const mails = await outbox(call, email);
    const notices = mails.filter((m) => m.subject === REMOVED_AT_RESET);
    expect(notices, mails.map((m) => m.subject).join(' | ')).toHaveLength(1);
    expect(notices[0].text).toContain('Codurile de recuperare');
    expect(notices[0].text).toContain('Securitate');
    expect(notices[0].text).toMatch(/[șț]/);
    expect(notices[0].text).not.toMatch(/[şţŞŢ]/);

    // The owner sets two-factor up afresh: it is theirs now, and a later reset keeps it.
    const mine = await enableTotp(owner, OWNER);
    expect(userRow(email).two_factor_secret).toBe(mine.secret);
    await ownerResets(email, 'Parola-Proprietar-78', OWNER);
    expect(userRow(email)).toMatchObject({ two_factor_provider: 'authenticator', two_factor_secret: mine.secret });
  });

  it('an account that must have two-factor sends the owner to set it up afresh after the reset', async () => {
    const email = 'victima.obligatoriu.resetare@exemplu.ro';
    const ATTACKER = device('AttackerBrowser');
    const OWNER = device('OwnerBrowser');
    await preOpenWithTotp(email, 'Parola-Atacator-92', ATTACKER);
    expect((await call('PUT', `/dev/users/${encodeURIComponent(email)}`, { body: { is_two_factor_required: true } })).status).toBe(200);

    await ownerResets(email, 'Parola-Proprietar-79', OWNER);
    const login = await signIn(email, 'Parola-Proprietar-79', OWNER);
    expect(login.body.data).toMatchObject({ is_two_factor_enabled: false, user: { is_two_factor_enabled: false, is_two_factor_required: true } });
    // Required and not enabled → /account/2fa (setup), never the check page (SPEC §4).
    expect((await check(login.body.data.access_token, OWNER)).body.data).toEqual({
      is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: true,
    });
  });

  it('goes at the welcome link too: the guest checkout that opened the account was the attacker\'s', async () => {
    const email = 'victima.oaspete@exemplu.ro';
    const ATTACKER = device('AttackerBrowser');
    const OWNER = device('OwnerBrowser');
    const guest = await call('POST', '/api/v1/users/store-from-product-page', {
      body: { customer: { email, first_name: 'Elena', last_name: 'Marin', phone_number: '0745111222' }, product_id: 'rca', token: '' },
      headers: ATTACKER,
    });
    expect(guest.status, guest.text).toBe(201);
    const session = guest.body.data.access_token as string;
    await enableTotp(session, ATTACKER);

    // The welcome link went to the mailbox only: the owner chooses the first password with it.
    const link = await mailedLink(email);
    expect(link.searchParams.get('purpose')).toBe('welcome');
    await setPasswordWith(link, 'Parola-Proprietar-80', OWNER);

    const login = await signIn(email, 'Parola-Proprietar-80', OWNER);
    expect(login.body.data.is_two_factor_enabled).toBe(false);
    expect((await call('GET', '/api/v1/auth/user', { token: login.body.data.access_token, headers: OWNER })).status).toBe(200);
    expect((await call('GET', '/api/v1/auth/user', { token: session, headers: ATTACKER })).status).toBe(401);
    expect((await outbox(call, email)).map((m) => m.subject)).toContain(REMOVED_AT_RESET);
  });
});

describe('two-factor set up after the mailbox was proven', () => {
  /** Checks that a reset left the authenticator `secret` and its recovery codes in force, and mailed no notice. */
  async function expectKept(email: string, password: string, secret: string, codes: unknown[], headers: Record<string, string>) {
    expect(userRow(email)).toMatchObject({ two_factor_provider: 'authenticator', two_factor_secret: secret });
    expect(recoveryHashes(email)).toEqual(codes);
    const login = await signIn(email, password, headers);
    expect(login.body.data.is_two_factor_enabled).toBe(true);
    const pending = login.body.data.access_token as string;
    const me = await call('GET', '/api/v1/auth/user', { token: pending, headers });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('two_factor_required');
    expect((await check(pending, headers)).body.data).toMatchObject({ is_two_factor_enabled_for_user: true, is_active: false });
    expect((await verify(pending, { two_factor_code: await freshCode(secret) }, headers)).status).toBe(200);
    expect((await outbox(call, email)).map((m) => m.subject)).not.toContain(REMOVED_AT_RESET);
  }

  it('is kept by a reset after a reset proved the mailbox (a stolen mailbox does not bypass it)', async () => {
    const email = 'dovedit.resetare@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    const THIEF = device('MailboxThief');
    await register(email, 'Parola-Proprietar-81', OWNER);
    await ownerResets(email, 'Parola-Proprietar-82', OWNER);
    const provenAt = userRow(email).email_verified_at;
    expect(provenAt).toBe(clock.now().toISOString());
    const owner = (await signIn(email, 'Parola-Proprietar-82', OWNER)).body.data.access_token as string;
    const { secret } = await enableTotp(owner, OWNER);
    const codes = recoveryHashes(email);

    // Whoever reads the mailbox later resets the password: the factor stays, the first proof's time too.
    clock.advance(60_000);
    await ownerResets(email, 'Parola-Hot-Cutie-83', THIEF);
    expect(userRow(email).email_verified_at).toBe(provenAt);
    await expectKept(email, 'Parola-Hot-Cutie-83', secret, codes, THIEF);
  });

  it('counts a code mailed by the email provider as the proof', async () => {
    const email = 'dovedit.cod@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    const session = await register(email, 'Parola-Proprietar-84', OWNER);
    const gen = await call('POST', '/api/v1/auth/two-factor/generate-code', { token: session, body: { token: '', provider_code: 'email' }, headers: OWNER });
    expect(gen.status, gen.text).toBe(200);
    // Asking for a code proves nothing: only the code read from the mailbox does.
    expect(userRow(email).email_verified_at).toBeNull();
    const code = /(\d{6})/.exec((await outbox(call, email))[0].subject)![1];
    const on = await verify(session, { two_factor_code: code, provider_code: 'email' }, OWNER);
    expect(on.status, on.text).toBe(200);
    expect(userRow(email).email_verified_at).toBe(clock.now().toISOString());

    // The owner later moves to the authenticator (remove, then set up): a reset keeps it.
    const removed = await call('POST', '/api/v1/auth/two-factor/remove', {
      token: session, body: { token: '', recovery_key: on.body.data.recovery_codes[0] }, headers: OWNER,
    });
    expect(removed.status, removed.text).toBe(200);
    const { secret } = await enableTotp(session, OWNER);
    const codes = recoveryHashes(email);
    await ownerResets(email, 'Parola-Proprietar-85', OWNER);
    await expectKept(email, 'Parola-Proprietar-85', secret, codes, OWNER);
  });

  it('counts a Google sign-in as the proof', async () => {
    const email = 'dovedit.google@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    const first = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ana:Pop` }, headers: OWNER });
    expect(first.status, first.text).toBe(200);
    expect(userRow(email).email_verified_at).toBe(clock.now().toISOString());
    const { secret } = await enableTotp(first.body.data.access_token, OWNER);
    const codes = recoveryHashes(email);
    await ownerResets(email, 'Parola-Proprietar-86', OWNER);
    await expectKept(email, 'Parola-Proprietar-86', secret, codes, OWNER);
  });

  it('is kept by the first Google link after a reset proved the mailbox (a Google account taken over does not bypass it)', async () => {
    const email = 'dovedit.apoi.google@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    const THIEF = device('GoogleThief');
    await register(email, 'Parola-Proprietar-88', OWNER);
    await ownerResets(email, 'Parola-Proprietar-89', OWNER);
    const owner = (await signIn(email, 'Parola-Proprietar-89', OWNER)).body.data.access_token as string;
    const { secret } = await enableTotp(owner, OWNER);
    const codes = recoveryHashes(email);

    const linked = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ana:Pop` }, headers: THIEF });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.data.is_two_factor_enabled).toBe(true);
    const me = await call('GET', '/api/v1/auth/user', { token: linked.body.data.access_token, headers: THIEF });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('two_factor_required');
    expect(userRow(email)).toMatchObject({ two_factor_provider: 'authenticator', two_factor_secret: secret });
    expect(recoveryHashes(email)).toEqual(codes);
    expect((await outbox(call, email)).map((m) => m.subject)).not.toContain('Autentificarea în doi pași a fost dezactivată la prima autentificare cu Google');
  });

  it('an account that existed before the record (the demo account with the authenticator) keeps it at a reset', async () => {
    const email = 'client2fa@exemplu.ro';
    const OWNER = device('DemoBrowser');
    const codes = recoveryHashes(email);
    await ownerResets(email, 'Parola-Demo-Noua-87', OWNER);
    await expectKept(email, 'Parola-Demo-Noua-87', 'JBSWY3DPEHPK3PXP', codes, OWNER);
  });
});

describe('migration 13 on accounts that existed before it', () => {
  it('records the mailbox of Google-linked and email-provider accounts as proven, and marks no two-factor for dropping', () => {
    const mem = new Database(':memory:');
    try {
      mem.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      for (const m of migrations.filter((x) => x.version <= 12)) {
        mem.exec(m.sql);
        mem.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
      }
      const at = '2026-01-01T00:00:00.000Z';
      const add = mem.prepare(
        `INSERT INTO users (email, password_hash, first_name, last_name, two_factor_provider, two_factor_secret, google_sub, created_at, updated_at)
         VALUES (?, 'x', 'A', 'B', ?, ?, ?, ?, ?)`,
      );
      add.run('totp@exemplu.ro', 'authenticator', 'JBSWY3DPEHPK3PXP', null, at, at);
      add.run('email@exemplu.ro', 'email', null, null, at, at);
      add.run('google@exemplu.ro', null, null, 'sub-1', at, at);
      add.run('nimic@exemplu.ro', null, null, null, at, at);

      expect(migrate(mem, () => new Date('2026-03-01T00:00:00.000Z'))).toContain(13);
      const rows = Object.fromEntries(
        (mem.prepare('SELECT email, email_verified_at, two_factor_before_email_proof FROM users').all() as Record<string, unknown>[]).map((r) => [r.email, r]),
      );
      expect(rows['totp@exemplu.ro']).toMatchObject({ email_verified_at: null, two_factor_before_email_proof: 0 });
      expect(rows['email@exemplu.ro']).toMatchObject({ two_factor_before_email_proof: 0 });
      expect(rows['email@exemplu.ro'].email_verified_at).toEqual(expect.any(String));
      expect(rows['google@exemplu.ro'].email_verified_at).toEqual(expect.any(String));
      expect(rows['nimic@exemplu.ro']).toMatchObject({ email_verified_at: null, two_factor_before_email_proof: 0 });
    } finally {
      mem.close();
    }
  });
});
