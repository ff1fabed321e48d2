import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, fields, startServer, type Call, type TestServer } from './helpers';

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
