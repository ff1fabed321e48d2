// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/config/env';

/** A production web app that may start: a random session secret, captcha off explicitly, an https origin. */
const GOOD = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'Zq8vN2xL5pR7tY1wK4mB6nC9hJ3gF0dS',
  CAPTCHA_ENABLED: 'false',
  WEB_APP_URL: 'https://www.broker.example',
};

function refusal(env: Record<string, string>): string {
  try {
    parseServerEnv(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('web app production configuration (lib/config/env.ts)', () => {
  it('starts with a random secret, captcha explicitly off and an https origin', () => {
    expect(parseServerEnv(GOOD).WEB_APP_URL).toBe('https://www.broker.example');
  });

  it('names every unsafe setting in one message', () => {
    const message = refusal({ NODE_ENV: 'production', SESSION_SECRET: 'development-session-secret', DEV_ENDPOINTS: '1' });
    expect(message).toMatch(/^Unsafe production configuration/);
    expect(message).toMatch(/SESSION_SECRET: a known default value/);
    expect(message).toMatch(/RECAPTCHA_SITE_KEY: captcha is not configured/);
    expect(message).toMatch(/DEV_ENDPOINTS: development endpoints must be off/);
  });

  it('refuses an http:// public origin, where session cookies would not be Secure', () => {
    expect(refusal({ ...GOOD, WEB_APP_URL: 'http://www.broker.example' })).toMatch(/WEB_APP_URL: must be an https:\/\/ origin/);
    expect(refusal({ ...GOOD, WEB_APP_URL: 'http://10.0.0.5:3000' })).toMatch(/WEB_APP_URL: /);
    // A production build run on this machine (benches, end-to-end tests) keeps http://localhost.
    for (const local of ['http://localhost:3100', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(parseServerEnv({ ...GOOD, WEB_APP_URL: local }).WEB_APP_URL).toBe(local);
    }
  });

  it('refuses session cookies switched to non-Secure on an https origin', () => {
    expect(refusal({ ...GOOD, SESSION_COOKIE_SECURE: 'false' })).toMatch(/SESSION_COOKIE_SECURE: /);
    expect(parseServerEnv({ ...GOOD, SESSION_COOKIE_SECURE: 'true' }).SESSION_COOKIE_SECURE).toBe(true);
  });

  it('refuses the dev fault point DEV_CRASH_AFTER_COMMIT', () => {
    expect(refusal({ ...GOOD, DEV_CRASH_AFTER_COMMIT: '/api/v1/contact-messages' })).toMatch(/DEV_CRASH_AFTER_COMMIT: /);
  });

  it('outside production, none of this applies', () => {
    const env = parseServerEnv({ NODE_ENV: 'development', WEB_APP_URL: 'http://shop.test', DEV_CRASH_AFTER_COMMIT: '/x' });
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });
});

describe('a deployment that forgot NODE_ENV (its public origin beyond this machine)', () => {
  it('is held to the production checks', () => {
    const message = refusal({ WEB_APP_URL: 'https://www.broker.example' });
    expect(message).toMatch(/^Unsafe production configuration/);
    expect(message).toMatch(/SESSION_SECRET: required/);
    expect(message).toMatch(/RECAPTCHA_SITE_KEY: captcha is not configured/);
    expect(refusal({ ...GOOD, NODE_ENV: '', WEB_APP_URL: 'http://10.0.0.5:3000' })).toMatch(/WEB_APP_URL: must be an https:\/\/ origin/);
    expect(refusal({ ...GOOD, NODE_ENV: '', SESSION_COOKIE_SECURE: 'false' })).toMatch(/SESSION_COOKIE_SECURE: /);
    expect(parseServerEnv({ ...GOOD, NODE_ENV: '' }).SESSION_SECRET).toBe(GOOD.SESSION_SECRET);
  });

  it('stays a local run on this machine, or where NODE_ENV says development explicitly', () => {
    expect(parseServerEnv({ WEB_APP_URL: 'http://localhost:3000' }).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(parseServerEnv({ NODE_ENV: 'development', WEB_APP_URL: 'http://192.168.1.20:3000' }).WEB_APP_URL).toBe('http://192.168.1.20:3000');
  });
});

describe('web app secrets shared with the backend (one .env for both, as npm start passes it)', () => {
  it('refuses a SESSION_SECRET that is also one of the backend secrets it can see', () => {
    for (const name of ['ADMIN_TOKEN', 'PAYMENT_SIGNING_SECRET', 'PUSHER_SECRET', 'RECAPTCHA_SECRET']) {
      expect(refusal({ ...GOOD, [name]: GOOD.SESSION_SECRET })).toMatch(new RegExp(`${name}: the same value as SESSION_SECRET`));
    }
    expect(parseServerEnv({ ...GOOD, ADMIN_TOKEN: 'u7Hk2Pq9Rt4Wx6Zb1Nc3Md5Lf8Gj0Vs2A' }).SESSION_SECRET).toBe(GOOD.SESSION_SECRET);
  });

  it('refuses a placeholder that is long and varied enough to pass a length check', () => {
    expect(refusal({ ...GOOD, SESSION_SECRET: 'CHANGE_ME_TO_A_LONG_RANDOM_SECRET_VALUE' })).toMatch(/SESSION_SECRET: /);
  });
});

describe('the backend\'s development switches, refused by the web app too (one .env for both)', () => {
  it('refuses DEV_GOOGLE_SIGN_IN on, as it refuses DEV_ENDPOINTS and DEV_CRASH_AFTER_COMMIT', () => {
    expect(refusal({ ...GOOD, DEV_GOOGLE_SIGN_IN: 'true' })).toMatch(/DEV_GOOGLE_SIGN_IN: /);
    expect(parseServerEnv({ ...GOOD, DEV_GOOGLE_SIGN_IN: 'false' }).NODE_ENV).toBe('production');
  });
});
