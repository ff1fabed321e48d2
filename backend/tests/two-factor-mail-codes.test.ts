import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../src/db/migrations';
import { client, fields, FakeClock, outbox, startServer, type Call, type TestServer } from './helpers';

/**
 * Mailed two-factor codes are bound to the session that asked for them (backend/README.md "Two-factor mail codes").
 * A password-only attacker (the password stolen, the mailbox not) signs in as often as they like: their sessions'
 * requests must neither void the owner's code nor keep the owner from getting one, nor flood the mailbox.
 */

let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-06-02T08:00:05Z');

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

/** A browser: its User-Agent and its address (X-Forwarded-For from the loopback, which the test server trusts). */
type Device = { ua: string; ip: string };
const headersOf = (d: Device) => ({ 'user-agent': d.ua, 'x-forwarded-for': d.ip });

const PASSWORD = 'Parola-Coduri-2026';
let accounts = 0;
let devices = 0;
/** A device nobody used before (each test its own, so that the IP and device windows of one never hold another). */
const newDevice = (name: string): Device => {
  devices += 1;
  return { ua: `${name}-browser/${devices}`, ip: `10.90.${Math.floor(devices / 250)}.${(devices % 250) + 1}` };
};

const generate = (token: string, d: Device) =>
  call('POST', '/api/v1/auth/two-factor/generate-code', { token, body: { token: '', provider_code: 'email' }, headers: headersOf(d) });
const verify = (token: string, code: string, d: Device) =>
  call('POST', '/api/v1/auth/two-factor/verify-code', {
    token, body: { token: '', user_agent: d.ua, user_ip: d.ip, two_factor_code: code }, headers: headersOf(d),
  });
const isActive = async (token: string, d: Device) =>
  (await call('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: {}, headers: headersOf(d) })).body.data.is_active as boolean;

/**
 * A fresh account with the email provider set up on the owner's device (which thereby passed the factor: a device
 * of the owner's). `signIn(device)` opens a session that owes the factor; `ask(token, device)` asks for a code 31 s
 * after the clock's last step and returns the code mailed.
 */
async function emailAccount() {
  accounts += 1;
  const email = `coduri-sesiune-${accounts}@exemplu.ro`;
  const owner = newDevice('owner');
  const reg = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000444', first_name: 'Ana', last_name: 'Pop', password: PASSWORD, password_confirmation: PASSWORD, is_default_password: false, token: '' },
    headers: headersOf(owner),
  });
  expect(reg.status, reg.text).toBe(201);
  const issued: string[] = [];
  const lastCode = async () => {
    const code = /(\d{6})/.exec((await outbox(call, email))[0].subject)![1];
    // 1 in a million: a repeated code would make the assertions on the older one meaningless.
    expect(issued).not.toContain(code);
    issued.push(code);
    return code;
  };
  const ask = async (token: string, d: Device, wait = 31_000) => {
    clock.advance(wait);
    const res = await generate(token, d);
    expect(res.status, res.text).toBe(200);
    return lastCode();
  };
  const setupToken = reg.body.data.access_token as string;
  const setup = await call('POST', '/api/v1/auth/two-factor/verify-code', {
    token: setupToken,
    body: { token: '', user_agent: owner.ua, user_ip: owner.ip, provider_code: 'email', two_factor_code: await ask(setupToken, owner) },
    headers: headersOf(owner),
  });
  expect(setup.status, setup.text).toBe(200);
  const signIn = async (d: Device) => {
    const res = await call('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD, token: '' }, headers: headersOf(d) });
    expect(res.status, res.text).toBe(200);
    return res.body.data.access_token as string;
  };
  const codeMails = async () => (await outbox(call, email)).filter((m) => /verificare: \d{6}/.test(m.subject)).length;
  return { email, owner, signIn, ask, codeMails };
}

describe('a mailed code belongs to the session that asked for it', () => {
  it("a password-only session's requests never void the code the owner is typing", async () => {
    const { owner, signIn, ask } = await emailAccount();
    const ownerSession = await signIn(owner);
    const ownerCode = await ask(ownerSession, owner);
    const attackerDevice = newDevice('attacker');
    const attacker = await signIn(attackerDevice);
    // More than the 3 codes a session may hold: before binding, the 3rd already voided the owner's.
    for (let i = 0; i < 4; i++) await ask(attacker, attackerDevice);
    const res = await verify(ownerSession, ownerCode, owner);
    expect(res.status, res.text).toBe(200);
    expect(await isActive(ownerSession, owner)).toBe(true);
  });

  it('a code asked for by session A fails in session B (of anyone, on any device) and still passes in A', async () => {
    const { owner, signIn, ask } = await emailAccount();
    const a = await signIn(owner);
    const code = await ask(a, owner);
    const elsewhere = newDevice('attacker');
    const b = await signIn(elsewhere);
    const wrongSession = await verify(b, code, elsewhere);
    expect(wrongSession.status).toBe(422);
    expect(fields(wrongSession).two_factor_code).toEqual(['Codul nu este corect.']);
    expect(await isActive(b, elsewhere)).toBe(false);
    // Another session of the same browser is another session too.
    const sameBrowser = await signIn(owner);
    expect((await verify(sameBrowser, code, owner)).status).toBe(422);
    expect((await verify(a, code, owner)).status).toBe(200);
    expect(await isActive(a, owner)).toBe(true);
  });

  it('a code passes once: a replay is refused in its own session and in any other', async () => {
    const { owner, signIn, ask } = await emailAccount();
    const a = await signIn(owner);
    const code = await ask(a, owner);
    expect((await verify(a, code, owner)).status).toBe(200);
    const replay = await verify(a, code, owner);
    expect(replay.status).toBe(422);
    expect(fields(replay).two_factor_code).toEqual(['Codul nu este corect.']);
    const b = await signIn(owner);
    expect((await verify(b, code, owner)).status).toBe(422);
    expect(await isActive(b, owner)).toBe(false);
  });

  it('a session holds at most 3 valid codes: its 4th voids its oldest; the codes of other sessions count apart', async () => {
    const { owner, signIn, ask } = await emailAccount();
    const other = newDevice('other');
    const b = await signIn(other);
    const bCode = await ask(b, other);
    const a = await signIn(owner);
    const codes = [await ask(a, owner), await ask(a, owner), await ask(a, owner), await ask(a, owner)];
    expect((await verify(a, codes[0], owner)).status).toBe(422);
    expect((await verify(a, codes[1], owner)).status).toBe(200);
    // b's code was mailed before a's four: a's requests did not void it.
    expect((await verify(b, bCode, other)).status).toBe(200);
  });

  it("using a code voids its session's older codes (not its newer ones), and never another session's", async () => {
    const { owner, signIn, ask } = await emailAccount();
    const phone = newDevice('phone');
    const b = await signIn(phone);
    const bCode = await ask(b, phone);
    const a = await signIn(owner);
    const first = await ask(a, owner);
    const second = await ask(a, owner);
    const third = await ask(a, owner);
    expect((await verify(a, second, owner)).status).toBe(200);
    // The session passed: a further check (as `remove` asks) takes only its newer code.
    expect((await verify(a, first, owner)).status).toBe(422);
    expect((await verify(a, third, owner)).status).toBe(200);
    // b's code, mailed before a's: before the binding, a's success voided it.
    const res = await verify(b, bCode, phone);
    expect(res.status, res.text).toBe(200);
  });
});

describe('the limits of asking for codes', () => {
  const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

  it("another device's requests never hold the owner's own device at the 30 s interval", async () => {
    const { owner, signIn, ask } = await emailAccount();
    const attackerDevice = newDevice('attacker');
    const attacker = await signIn(attackerDevice);
    const ownerSession = await signIn(owner);
    await ask(attacker, attackerDevice);
    clock.advance(1000);
    // Before: one code per 30 s per account, so an attacker asking every 30 s kept the owner from ever getting one.
    const res = await generate(ownerSession, owner);
    expect(res.status, res.text).toBe(200);
  });

  it('sessions on devices where the factor never passed share one sender: one code per 30 s, at most 10 an hour', async () => {
    const { email, owner, signIn, ask, codeMails } = await emailAccount();
    const mailsBefore = await codeMails();
    // Every request from a new session on a new device: the limits are not the session's.
    const fresh = async () => {
      const d = newDevice('attacker');
      return { d, token: await signIn(d) };
    };
    const first = await fresh();
    await ask(first.token, first.d);
    const second = await fresh();
    const soon = await generate(second.token, second.d);
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('too_many_requests');
    expect(retryAfter(soon)).toBeGreaterThan(0);
    expect(retryAfter(soon)).toBeLessThanOrEqual(30);
    for (let i = 1; i < 10; i++) {
      const s = await fresh();
      await ask(s.token, s.d);
    }
    clock.advance(31_000);
    const s11 = await fresh();
    const capped = await generate(s11.token, s11.d);
    expect(capped.status, capped.text).toBe(429);
    expect(capped.body.error.code).toBe('too_many_requests');
    expect(capped.body.error.pretty_message).toMatch(/^Ați cerut prea multe coduri în ultima oră\. Puteți cere altul peste \d+ (de )?minute\.$/);
    // Until the first of the 10 is an hour old: 10 × 31 s ago.
    expect(retryAfter(capped)).toBeGreaterThan(60 * 60 - 10 * 31 - 5);
    expect(retryAfter(capped)).toBeLessThanOrEqual(60 * 60 - 10 * 31 + 5);
    expect(await codeMails()).toBe(mailsBefore + 10);

    // The owner, on a device where they passed before, is not held by it…
    const ownerSession = await signIn(owner);
    const ownerAsk = await generate(ownerSession, owner);
    expect(ownerAsk.status, ownerAsk.text).toBe(200);
    const ownerCode = /(\d{6})/.exec((await outbox(call, email))[0].subject)![1];
    expect((await verify(ownerSession, ownerCode, owner)).status).toBe(200);

    // …and the shared sender gets codes again once its oldest is an hour old.
    clock.advance(retryAfter(capped) * 1000);
    expect((await generate(s11.token, s11.d)).status).toBe(200);
  });

  it("the owner's device has the same limits of its own: 10 an hour", async () => {
    const { owner, signIn, ask } = await emailAccount();
    const session = await signIn(owner);
    // The setup code of emailAccount() was this device's first.
    for (let i = 1; i < 10; i++) await ask(session, owner);
    clock.advance(31_000);
    const capped = await generate(session, owner);
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('too_many_requests');
    // Another device is another sender.
    const other = newDevice('other');
    expect((await generate(await signIn(other), other)).status).toBe(200);
  });
});

describe('the hourly bound when the clock is set back', () => {
  it('holds, and for at most an hour from the jump', async () => {
    const { owner, signIn, ask } = await emailAccount();
    const session = await signIn(owner);
    for (let i = 1; i < 10; i++) await ask(session, owner);
    clock.advance(-2 * 60 * 60_000);
    // The codes "from the future" are re-stamped now: the 30 s first…
    expect((await generate(session, owner)).status).toBe(429);
    clock.advance(31_000);
    // …then the hour run from the jump, not until the clock catches up with their stamps (two hours more).
    const back = await generate(session, owner);
    expect(back.status).toBe(429);
    expect(back.body.error.pretty_message).toMatch(/în ultima oră/);
    expect(Number(back.headers.get('retry-after'))).toBeGreaterThan(58 * 60);
    expect(Number(back.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60 - 31);
    clock.advance(58 * 60_000);
    expect((await generate(session, owner)).status).toBe(429);
    clock.advance(2 * 60_000);
    expect((await generate(session, owner)).status).toBe(200);
  });
});

describe('migration 18 on a database with mailed codes', () => {
  it('voids the unused codes (their session is unknown), adds session_id and indexes the lookups', () => {
    const mem = new Database(':memory:');
    try {
      mem.pragma('foreign_keys = ON');
      mem.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      for (const m of migrations.filter((x) => x.version <= 16)) {
        mem.exec(m.sql);
        mem.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
      }
      mem.prepare(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, two_factor_provider, created_at, updated_at)
         VALUES (1, 'vechi@exemplu.ro', 'x', 'A', 'B', 'email', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      ).run();
      const add = mem.prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, used_at, created_at) VALUES (1, ?, ?, ?, ?)');
      add.run('hash-unused', '2099-01-01T00:10:00.000Z', null, '2099-01-01T00:00:00.000Z');
      add.run('hash-used', '2026-01-01T00:10:00.000Z', '2026-01-01T00:01:00.000Z', '2026-01-01T00:00:00.000Z');

      expect(migrate(mem, () => new Date('2026-06-01T00:00:00.000Z'))).toContain(18);
      const rows = mem.prepare('SELECT code_hash, used_at, session_id FROM email_codes ORDER BY id').all() as {
        code_hash: string; used_at: string | null; session_id: number | null;
      }[];
      expect(rows[0].code_hash).toBe('hash-unused');
      expect(rows[0].used_at).not.toBeNull();
      expect(rows[0].session_id).toBeNull();
      // A used code keeps its stamp.
      expect(rows[1]).toEqual({ code_hash: 'hash-used', used_at: '2026-01-01T00:01:00.000Z', session_id: null });

      const plan = (sql: string, ...args: unknown[]) =>
        (mem.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail).join(' | ');
      // The code lookup of a session, and the per-user scans (limits, clock re-stamp, voiding at setup and removal).
      expect(plan('SELECT id FROM email_codes WHERE session_id = ? AND used_at IS NULL AND code_hash = ?', 1, 'x')).toMatch(/USING INDEX email_codes_session/);
      expect(plan('SELECT created_at FROM email_codes WHERE user_id = ? AND created_at > ?', 1, 'x')).toMatch(/USING (COVERING )?INDEX email_codes_user/);
      expect(plan('UPDATE email_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL', 'x', 1)).toMatch(/USING INDEX email_codes_user/);
      // Migrating again changes nothing.
      expect(migrate(mem)).toEqual([]);
    } finally {
      mem.close();
    }
  });

  it('the runner applies a version numbered below one already applied (a gap filled later)', () => {
    // Version 17 is another branch's: a database migrated with 18 first must still get 17 once it exists. Simulated
    // with 16, left out while 1-15 and 18 are applied.
    const mem = new Database(':memory:');
    try {
      mem.pragma('foreign_keys = ON');
      mem.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      expect(migrations.map((m) => m.version)).toContain(18);
      for (const m of migrations.filter((x) => x.version !== 16)) {
        mem.exec(m.sql);
        mem.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
      }
      expect(migrate(mem)).toEqual([16]);
      expect(mem.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'users_google_sub'").get()).toBeTruthy();
    } finally {
      mem.close();
    }
  });
});
