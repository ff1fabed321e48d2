import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, fields, startServer, type Call, type TestServer } from './helpers';

/**
 * The production paths of Google sign-in (ID token verified against Google's JWKS) and reCAPTCHA
 * (siteverify), against local stand-ins of Google's endpoints: the machine has no internet.
 */

const CLIENT_ID = 'shop-client-id.apps.googleusercontent.com';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

function idToken(claims: Record<string, unknown>, kid = 'test-key-1'): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'RS256', kid, typ: 'JWT' });
  const body = enc({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '1234567890',
    email: 'ana.google@exemplu.ro',
    email_verified: true,
    given_name: 'Ana',
    family_name: 'Popescu',
    exp: Math.floor(Date.now() / 1000) + 600,
    ...claims,
  });
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

/** Fake Google: /certs answers the JWKS, /siteverify answers by the token it is given. */
let google: Server;
let googleUrl = '';
const verifyRequests: URLSearchParams[] = [];

beforeAll(async () => {
  google = createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      verifyRequests.push(form);
      const token = form.get('response');
      const answer =
        token === 'human' ? { success: true, score: 0.9, action: 'email_check' } :
        token === 'human-banner' ? { success: true, score: 0.9, action: 'cookie_consent' } :
        token === 'bot' ? { success: true, score: 0.1, action: 'email_check' } :
        { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => google.close(() => resolve())));

describe('Google sign-in with GOOGLE_CLIENT_ID set', () => {
  let t: TestServer;
  let call: Call;
  beforeAll(async () => {
    t = await startServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: `${googleUrl}/certs` });
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('accepts an ID token signed by a key of the JWKS and signs the user in', async () => {
    const res = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: idToken({}) } });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toEqual(expect.any(String));
    expect(res.body.data.user).toMatchObject({ email: 'ana.google@exemplu.ro', first_name: 'Ana', last_name: 'Popescu' });
  });

  it.each([
    ['another audience', idToken({ aud: 'someone-else' })],
    ['an expired token', idToken({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ['an unverified email', idToken({ email_verified: false })],
    ['another issuer', idToken({ iss: 'https://evil.example' })],
    ['an unknown key', idToken({}, 'unknown-kid')],
    ['a tampered payload', idToken({}).replace(/\.([^.]+)\./, (_m, p: string) => `.${p.slice(0, -2)}AA.`)],
    ['an unsigned token (alg none)', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${idToken({}).split('.')[1]}.`],
    ['the development token', 'dev-google:ana@exemplu.ro:Ana:Pop'],
  ])('refuses %s', async (_label, token) => {
    const res = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token } });
    expect(res.status).toBe(422);
    expect(fields(res).token).toEqual(['Autentificarea cu Google a eșuat. Încercați din nou.']);
  });
});

describe('reCAPTCHA with RECAPTCHA_SECRET set', () => {
  let t: TestServer;
  let call: Call;
  beforeAll(async () => {
    t = await startServer({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: `${googleUrl}/siteverify` });
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('passes a human score and sends the secret, the token and the client IP to siteverify', async () => {
    const res = await call('POST', '/api/v1/users/email-existence-check', {
      body: { email: 'client@exemplu.ro', token: 'human' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ alreadyExists: true });
    const sent = verifyRequests.at(-1)!;
    expect(sent.get('secret')).toBe('test-secret');
    expect(sent.get('response')).toBe('human');
    expect(sent.get('remoteip')).toBe('203.0.113.9');
  });

  it.each([
    ['a low score', 'bot'],
    ['a failed verification', 'garbage'],
    ['no token at all', ''],
  ])('refuses %s with a Romanian message on the token field', async (_label, token) => {
    const res = await call('POST', '/api/v1/users/email-existence-check', { body: { email: 'client@exemplu.ro', token } });
    expect(res.status).toBe(422);
    expect(fields(res).token?.[0]).toMatch(/reCAPTCHA/);
  });

  it('checks the cookie banner\'s token too: a script without one stores no consent record', async () => {
    const count = () => (t.server.ctx.db.prepare('SELECT COUNT(*) AS n FROM cookie_consents').get() as { n: number }).n;
    const before = count();
    for (const token of ['', 'bot', 'garbage', 'human']) {
      const res = await call('POST', '/api/v1/cookie-consents', { body: { consent: 'all', token } });
      expect(res.status, token).toBe(422);
      expect(fields(res).token?.[0]).toMatch(/reCAPTCHA/);
    }
    expect(count()).toBe(before);
    const res = await call('POST', '/api/v1/cookie-consents', { body: { consent: 'essential', token: 'human-banner' } });
    expect(res.status).toBe(201);
    expect(count()).toBe(before + 1);
  });
});
