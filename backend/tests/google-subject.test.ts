import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../src/db/migrations';
import { client, DEMO_PASSWORD, fields, login, startServer, type Call, type TestServer } from './helpers';

/**
 * Google's `sub` is the account; its `email` is not for good: a Google account made for a non-Gmail address keeps
 * `email_verified: true` after the address goes to someone else (an employee's mailbox reassigned, a domain bought),
 * and a person may open a second Google account under an address. An account of the shop linked to one Google
 * account must not be signed into by another Google account that shows the same address.
 */
const CLIENT_ID = 'shop-client-id.apps.googleusercontent.com';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };

function idToken(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
  const body = enc({
    iss: 'https://accounts.google.com', aud: CLIENT_ID, email_verified: true, given_name: 'Ana', family_name: 'Popescu',
    exp: Math.floor(Date.now() / 1000) + 600, ...claims,
  });
  return `${head}.${body}.${createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url')}`;
}

let google: Server;
let t: TestServer;
let call: Call;

beforeAll(async () => {
  google = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  t = await startServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/certs` });
  call = client(t.url);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => google.close(() => resolve()));
});

const signIn = (claims: Record<string, unknown>) =>
  call('POST', '/api/v1/auth/social/authentications/google', { body: { token: idToken(claims) } });

describe('Google sign-in into an account linked to a Google account', () => {
  it('signs in only the Google account it is linked to', async () => {
    const email = 'ana.firma@exemplu.ro';
    const first = await signIn({ sub: '111111111111', email });
    expect(first.status, first.text).toBe(200);
    const owner = first.body.data.access_token as string;
    const again = await signIn({ sub: '111111111111', email });
    expect(again.status, again.text).toBe(200);

    // Another Google account showing the same verified address: no session, the owner's sessions untouched.
    const other = await signIn({ sub: '999999999999', email });
    expect(other.status, other.text).toBe(422);
    expect(other.body.data?.access_token).toBeUndefined();
    expect(fields(other).token).toEqual([
      'Această adresă de email este legată de alt cont Google. Autentificați-vă cu contul Google folosit prima dată sau cu parola contului.',
    ]);
    const row = t.server.db.prepare('SELECT google_sub FROM users WHERE email = ?').get(email) as { google_sub: string };
    expect(row.google_sub).toBe('111111111111');
    expect((await call('GET', '/api/v1/profile', { token: owner })).status).toBe(200);
    expect(t.server.db.prepare('SELECT COUNT(*) FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)').pluck().get(email)).toBe(2);
  });

  it('refuses an HS256 token keyed with the public key, and one without exp', async () => {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = enc({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '42', email: 'x@exemplu.ro', email_verified: true, exp: Math.floor(Date.now() / 1000) + 600 });
    const head = enc({ alg: 'HS256', kid: 'k1', typ: 'JWT' });
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const hs = `${head}.${claims}.${createHmac('sha256', pem).update(`${head}.${claims}`).digest('base64url')}`;
    const noExp = idToken({ sub: '43', email: 'y@exemplu.ro', exp: undefined });
    for (const token of [hs, noExp]) {
      const res = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token } });
      expect(res.status, res.text).toBe(422);
    }
  });
});

describe('Google sign-in after the Google account changed its email', () => {
  const userCount = () => t.server.db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;
  const row = (id: number) =>
    t.server.db.prepare('SELECT email, google_sub, password_hash, is_default_password FROM users WHERE id = ?').get(id) as
      { email: string; google_sub: string | null; password_hash: string; is_default_password: number };

  it('signs into the account linked to the Google account (sub), not a new one for the new address', async () => {
    const first = await signIn({ sub: '222222222222', email: 'ana.veche@exemplu.ro' });
    expect(first.status, first.text).toBe(200);
    const id = first.body.data.user.id as number;
    const users = userCount();

    const renamed = await signIn({ sub: '222222222222', email: 'ana.noua@exemplu.ro' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.user.id).toBe(id);
    expect(userCount()).toBe(users);
    // The shop account keeps its address (the shop has no email change; Google's new address is not taken over).
    expect(row(id)).toMatchObject({ email: 'ana.veche@exemplu.ro', google_sub: '222222222222' });
    const me = await call('GET', '/api/v1/auth/user', { token: renamed.body.data.access_token });
    expect(me.body.data).toMatchObject({ id, email: 'ana.veche@exemplu.ro' });
    expect(t.server.db.prepare('SELECT id FROM users WHERE email = ?').get('ana.noua@exemplu.ro')).toBeUndefined();
  });

  it('the linked account wins over another account that owns the new address, which is left untouched', async () => {
    const linked = await signIn({ sub: '333333333333', email: 'ion.vechi@exemplu.ro' });
    expect(linked.status, linked.text).toBe(200);
    const linkedId = linked.body.data.user.id as number;

    // Someone else's account (a password, a session) under the address the Google account shows now.
    const otherEmail = 'ion.nou@exemplu.ro';
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: otherEmail, phone_number: '0722000444', first_name: 'Ion', last_name: 'Nou', password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, is_default_password: false, token: '' },
    });
    expect(reg.status, reg.text).toBe(201);
    const otherId = reg.body.data.user.id as number;
    const otherSession = reg.body.data.access_token as string;
    const before = row(otherId);

    const res = await signIn({ sub: '333333333333', email: otherEmail });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.id).toBe(linkedId);
    expect(res.body.data.user.email).toBe('ion.vechi@exemplu.ro');
    // Not linked, its password not replaced, its session not ended, its address not moved.
    expect(row(otherId)).toEqual(before);
    expect(row(otherId).google_sub).toBeNull();
    expect((await call('GET', '/api/v1/auth/user', { token: otherSession })).status).toBe(200);
    expect(await login(call, otherEmail)).toBeTruthy();
    expect(row(linkedId).email).toBe('ion.vechi@exemplu.ro');
  });

  it('an address owned by an account linked to another Google account does not stop the linked one', async () => {
    const a = await signIn({ sub: '444444444444', email: 'maria.a@exemplu.ro' });
    const b = await signIn({ sub: '555555555555', email: 'maria.b@exemplu.ro' });
    expect([a.status, b.status]).toEqual([200, 200]);
    const res = await signIn({ sub: '444444444444', email: 'maria.b@exemplu.ro' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.id).toBe(a.body.data.user.id);
    expect(row(b.body.data.user.id).google_sub).toBe('555555555555');
  });

  it('a deleted linked account gets the deleted-account answer, and no new account is opened', async () => {
    const first = await signIn({ sub: '666666666666', email: 'sters.vechi@exemplu.ro' });
    expect(first.status, first.text).toBe(200);
    const id = first.body.data.user.id as number;
    t.server.db.prepare('UPDATE users SET is_deleted = 1 WHERE id = ?').run(id);
    const users = userCount();

    const res = await signIn({ sub: '666666666666', email: 'sters.nou@exemplu.ro' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ access_token: null, is_deleted: true });
    expect(res.body.data.user.id).toBe(id);
    expect(userCount()).toBe(users);
  });

  it('the database holds one account per Google account', () => {
    const insert = () =>
      t.server.db
        .prepare("INSERT INTO users (email, password_hash, first_name, last_name, google_sub, created_at, updated_at) VALUES (?, 'x', 'A', 'B', '777777777777', '2026-01-01', '2026-01-01')");
    insert().run('unic.1@exemplu.ro');
    expect(() => insert().run('unic.2@exemplu.ro')).toThrow(/UNIQUE/);
  });
});

describe('migration 16 on a database where one Google account was linked to several accounts', () => {
  it('leaves the link on the oldest account, unlinks the others, and then refuses a second link', () => {
    const mem = new Database(':memory:');
    try {
      mem.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      for (const m of migrations.filter((x) => x.version <= 15)) {
        mem.exec(m.sql);
        mem.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
      }
      const add = mem.prepare(
        `INSERT INTO users (email, password_hash, first_name, last_name, google_sub, created_at, updated_at)
         VALUES (?, 'x', 'A', 'B', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      );
      add.run('prima@exemplu.ro', 'sub-dublu');
      add.run('fara-google@exemplu.ro', null);
      add.run('a-doua@exemplu.ro', 'sub-dublu');
      add.run('a-treia@exemplu.ro', 'sub-dublu');
      add.run('alt-google@exemplu.ro', 'sub-unic');

      expect(migrate(mem, () => new Date('2026-03-01T00:00:00.000Z'))).toContain(16);
      const subs = Object.fromEntries(
        (mem.prepare('SELECT email, google_sub FROM users').all() as { email: string; google_sub: string | null }[]).map((r) => [r.email, r.google_sub]),
      );
      expect(subs).toEqual({
        'prima@exemplu.ro': 'sub-dublu',
        'fara-google@exemplu.ro': null,
        'a-doua@exemplu.ro': null,
        'a-treia@exemplu.ro': null,
        'alt-google@exemplu.ro': 'sub-unic',
      });
      expect(() => mem.prepare("UPDATE users SET google_sub = 'sub-unic' WHERE email = 'a-doua@exemplu.ro'").run()).toThrow(/UNIQUE/);
      const plan = mem.prepare('EXPLAIN QUERY PLAN SELECT * FROM users WHERE google_sub = ?').all('x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX users_google_sub/);
    } finally {
      mem.close();
    }
  });
});
