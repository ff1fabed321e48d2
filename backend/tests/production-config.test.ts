import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { readLocalSecrets, withLocalSecrets } from '../../scripts/local-secrets.mjs';
import { client, login, rcaInput, startServer, WEB, type Call, type TestServer } from './helpers';

const GOOD = {
  NODE_ENV: 'production',
  ADMIN_TOKEN: 'a3f9c2d7e1b84f6a9c0d2e4f6a8b1c3d5e7f9a0b',
  PAYMENT_SIGNING_SECRET: 'Zq8vN2xL5pR7tY1wK4mB6nC9hJ3gF0dS',
  PUSHER_SECRET: 'u7Hk2Pq9Rt4Wx6Zb1Nc3Md5Lf8Gj0Vs2A',
  RECAPTCHA_SECRET: '6LcFakeSecretForTests0000000000000000000',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('production configuration', () => {
  it('starts with random secrets and captcha configured or explicitly off', () => {
    expect(loadConfig(GOOD).captchaEnabled).toBe(true);
    const off = loadConfig({ ...GOOD, RECAPTCHA_SECRET: '', CAPTCHA_ENABLED: 'false' });
    expect(off.captchaEnabled).toBe(false);
    expect(off.devEndpoints).toBe(false);
  });

  it('names every unsafe setting in one message', () => {
    const message = refusal({
      NODE_ENV: 'production',
      ADMIN_TOKEN: 'development-admin-token',
      PAYMENT_SIGNING_SECRET: 'short-secret',
      DEV_ENDPOINTS: '1',
    });
    expect(message).toMatch(/^Unsafe production configuration/);
    expect(message).toMatch(/ADMIN_TOKEN: a known default value/);
    expect(message).toMatch(/PAYMENT_SIGNING_SECRET: shorter than 32 characters/);
    expect(message).toMatch(/PUSHER_SECRET: required/);
    expect(message).toMatch(/DEV_ENDPOINTS: development endpoints must be off/);
    expect(message).toMatch(/RECAPTCHA_SECRET: captcha is not configured/);
  });

  it.each([
    'development-payment-secret',
    'local-secret',
    'development-only-session-secret-change-me',
    'changeme-changeme-changeme-changeme',
    'x'.repeat(40),
  ])('refuses the placeholder %s as a secret', (value) => {
    expect(refusal({ ...GOOD, PUSHER_SECRET: value })).toMatch(/PUSHER_SECRET: /);
  });

  it('refuses an http:// public origin of the shop (its cookies are Secure), localhost excepted', () => {
    expect(refusal({ ...GOOD, WEB_APP_URL: 'http://www.broker.example' })).toMatch(/WEB_APP_URL: must be an https:\/\/ origin/);
    expect(loadConfig({ ...GOOD, WEB_APP_URL: 'https://www.broker.example/' }).webAppUrl).toBe('https://www.broker.example');
    // A production build run on this machine (the benches) keeps http://localhost.
    expect(loadConfig({ ...GOOD, WEB_APP_URL: 'http://localhost:3000' }).webAppUrl).toBe('http://localhost:3000');
  });

  it('refuses the dev fault point DEV_CRASH_AFTER_COMMIT', () => {
    expect(refusal({ ...GOOD, DEV_CRASH_AFTER_COMMIT: '/api/v1/contact-messages' })).toMatch(/DEV_CRASH_AFTER_COMMIT: /);
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0'])('refuses the wildcard trusted proxy list %s', (value) => {
    expect(refusal({ ...GOOD, BACKEND_TRUSTED_PROXIES: value })).toMatch(/BACKEND_TRUSTED_PROXIES: /);
  });

  it.each(['::ffff:0:0/96', '::ffff:0.0.0.0/96', '0.0.0.0/1, 128.0.0.0/1', '::/1', '2000::/3', '8.0.0.0/7', '11.0.0.0/7'])(
    'refuses %s, which believes the X-Forwarded-For of (nearly) every client',
    (value) => {
      expect(refusal({ ...GOOD, BACKEND_TRUSTED_PROXIES: value })).toMatch(/BACKEND_TRUSTED_PROXIES: /);
    },
  );

  it('accepts the web app\'s own addresses and private networks', () => {
    for (const value of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', 'fd12:3456::/32', '::ffff:10.0.0.0/104', '203.0.113.0/24', '198.51.100.7', 'loopback, uniquelocal']) {
      expect(loadConfig({ ...GOOD, BACKEND_TRUSTED_PROXIES: value }).trustedProxies.length, value).toBeGreaterThan(0);
    }
  });

  it.each(['Production', 'prod', 'production ', 'staging'])('refuses NODE_ENV=%s, which would serve the /dev endpoints without any production check', (value) => {
    expect(refusal({ ...GOOD, NODE_ENV: value })).toMatch(/NODE_ENV: /);
  });

  it.each([
    ['GOOGLE_CERTS_URL', 'http://www.googleapis.com/oauth2/v3/certs'],
    ['RECAPTCHA_VERIFY_URL', 'http://www.google.com/recaptcha/api/siteverify'],
    ['BACKEND_PUBLIC_URL', 'http://api.broker.example'],
  ])('refuses %s over plain http (a network attacker would answer it)', (name, value) => {
    expect(refusal({ ...GOOD, [name]: value })).toMatch(new RegExp(`${name}: `));
    // A production build run on this machine keeps its local stand-ins.
    expect(() => loadConfig({ ...GOOD, [name]: 'http://127.0.0.1:4999/x' })).not.toThrow();
  });

  it('has no default secret outside production either', () => {
    const message = refusal({ NODE_ENV: 'development' });
    for (const name of ['ADMIN_TOKEN', 'PAYMENT_SIGNING_SECRET', 'PUSHER_SECRET', 'RECAPTCHA_SECRET']) expect(message).toContain(name);
  });
});

describe('a deployment that forgot NODE_ENV (its public origin beyond this machine)', () => {
  const PUBLIC = { WEB_APP_URL: 'https://www.broker.example' };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'deployment-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is held to every production check', () => {
    const message = refusal({ ...PUBLIC, ADMIN_TOKEN: 'development-admin-token', PAYMENT_SIGNING_SECRET: 'short-secret', DEV_ENDPOINTS: 'true' });
    expect(message).toMatch(/^Unsafe production configuration/);
    expect(message).toMatch(/ADMIN_TOKEN: a known default value/);
    expect(message).toMatch(/PAYMENT_SIGNING_SECRET: shorter than 32 characters/);
    expect(message).toMatch(/DEV_ENDPOINTS: development endpoints must be off/);
    expect(refusal({ ...GOOD, NODE_ENV: '', WEB_APP_URL: 'http://shop.broker.example' })).toMatch(/WEB_APP_URL: must be an https:\/\/ origin/);
    const config = loadConfig({ ...GOOD, NODE_ENV: '', ...PUBLIC, DEV_GOOGLE_SIGN_IN: '' });
    expect(config.devEndpoints).toBe(false);
    expect(config.captchaEnabled).toBe(true);
  });

  it('gets no generated local secrets and no captcha switched off', () => {
    const file = path.join(dir, 'deployment-secrets.env');
    const env = withLocalSecrets({ ...PUBLIC }, file);
    expect(env.ADMIN_TOKEN).toBeUndefined();
    expect(env.CAPTCHA_ENABLED).toBeUndefined();
    expect(() => statSync(file)).toThrow();
  });

  it('stays a local run when NODE_ENV says development explicitly (a phone on the local network)', () => {
    const file = path.join(dir, 'lan-secrets.env');
    const env = withLocalSecrets({ NODE_ENV: 'development', WEB_APP_URL: 'http://192.168.1.20:3000' }, file);
    expect(env.ADMIN_TOKEN?.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env).webAppUrl).toBe('http://192.168.1.20:3000');
  });
});

describe('local secrets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are generated once (mode 0600), reused, and lose to values that are set', () => {
    const file = path.join(dir, 'nested', 'local-secrets.env');
    const first = readLocalSecrets(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.ADMIN_TOKEN).toMatch(/^[\w-]{43}$/);
    expect(readLocalSecrets(file)).toEqual(first);
    const env = withLocalSecrets({ ADMIN_TOKEN: 'from-the-environment' }, file);
    expect(env.ADMIN_TOKEN).toBe('from-the-environment');
    expect(env.PAYMENT_SIGNING_SECRET).toBe(first.PAYMENT_SIGNING_SECRET);
    expect(env.CAPTCHA_ENABLED).toBe('false');
    expect(withLocalSecrets({ RECAPTCHA_SECRET: 'configured' }, file).CAPTCHA_ENABLED).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', ...withLocalSecrets({}, file) }).adminToken).toBe(first.ADMIN_TOKEN);
  });
});

describe('Google sign-in without a client id', () => {
  let prod: TestServer;
  let dev: TestServer;
  let devGoogle: TestServer;
  beforeAll(async () => {
    prod = await startServer({ ...GOOD, CAPTCHA_ENABLED: 'false', RECAPTCHA_SECRET: '' });
    dev = await startServer();
    devGoogle = await startServer({ DEV_GOOGLE_SIGN_IN: 'true' });
  });
  afterAll(async () => {
    await prod.close();
    await dev.close();
    await devGoogle.close();
  });

  it('refuses development tokens in production (403 google_sign_in_unavailable), signs in nobody', async () => {
    const call = client(prod.url);
    const res = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'dev-google:client@exemplu.ro' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('google_sign_in_unavailable');
    expect(res.body.error.pretty_message).toMatch(/Google nu este disponibilă/);
    expect(JSON.stringify(res.body)).not.toContain('access_token');
  });

  it('refuses development tokens where only the dev endpoints are on (a local npm start): nobody signs in as anyone', async () => {
    expect(dev.config.devEndpoints).toBe(true);
    const res = await client(dev.url)('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'dev-google:client@exemplu.ro' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('google_sign_in_unavailable');
    expect(JSON.stringify(res.body)).not.toContain('access_token');
  });

  it('accepts development tokens only where DEV_GOOGLE_SIGN_IN switches them on', async () => {
    const res = await client(devGoogle.url)('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'dev-google:client@exemplu.ro' } });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toEqual(expect.any(String));
  });

  it('refuses to start in production with DEV_GOOGLE_SIGN_IN on', () => {
    expect(() => loadConfig({ ...GOOD, CAPTCHA_ENABLED: 'false', DEV_GOOGLE_SIGN_IN: 'true' })).toThrow(/DEV_GOOGLE_SIGN_IN/);
  });

  it('refuses the old default admin token and dev endpoints in production', async () => {
    const call = client(prod.url);
    const admin = await call('POST', '/admin/maintenance', { headers: { 'x-admin-token': 'development-admin-token' }, body: { is_active: true } });
    expect([401, 403]).toContain(admin.status);
    expect((await call('GET', '/dev/outbox')).status).toBe(404);
  });
});

describe('payment processor pages', () => {
  let t: TestServer;
  let call: Call;
  beforeAll(async () => {
    t = await startServer();
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('send the same security headers as the shop, on the page, its errors and its redirects', async () => {
    const token = await login(call, 'client@exemplu.ro');
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
    const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
    const order = await call('POST', '/api/v1/orders', {
      token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents: { terms: true, product_sheet: true, data_processing: true } },
    });
    const p = await call('POST', `/api/v1/orders/${order.body.data.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
    const url = new URL(p.body.data.redirect_url);
    const answers = [
      await fetch(url),
      await fetch(`${t.url}${url.pathname}?signature=forged`),
      await fetch(`${t.url}/payment-processor/checkout/not-a-uuid`),
      await fetch(`${t.url}${url.pathname}/decline`, {
        method: 'POST', body: new URLSearchParams({ signature: url.searchParams.get('signature')! }), redirect: 'manual',
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 403, 404, 303]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`form-action 'self' ${new URL(WEB).origin}`);
      expect(csp).not.toMatch(/script-src/);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    }
  });
});

describe('secrets of production (placeholders and reuse)', () => {
  it.each(['CHANGE_ME_TO_A_LONG_RANDOM_SECRET_VALUE', 'replace-with-32-plus-random-characters-here', '0123456789abcdef0123456789abcdef'])(
    'refuses the placeholder %s',
    (value) => {
      expect(refusal({ ...GOOD, ADMIN_TOKEN: value })).toMatch(/ADMIN_TOKEN: /);
    },
  );

  it('refuses one value for two secrets: a payment processor or Pusher holding its secret would hold the admin token', () => {
    expect(refusal({ ...GOOD, PAYMENT_SIGNING_SECRET: GOOD.ADMIN_TOKEN })).toMatch(/PAYMENT_SIGNING_SECRET: the same value as ADMIN_TOKEN/);
    expect(refusal({ ...GOOD, PUSHER_SECRET: GOOD.PAYMENT_SIGNING_SECRET })).toMatch(/PUSHER_SECRET: the same value as PAYMENT_SIGNING_SECRET/);
    // The web app's secret, when the one .env of npm start holds it too.
    expect(refusal({ ...GOOD, SESSION_SECRET: GOOD.PUSHER_SECRET })).toMatch(/PUSHER_SECRET: the same value as SESSION_SECRET/);
  });
});
