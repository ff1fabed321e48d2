import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchEnvironments } from '../scripts/launch-env.mjs';

/**
 * What `npm start` gives its two processes (scripts/launch-env.mjs). The web process is Next.js, which reads
 * `.env.production.local`, `.env.local`, `.env.production` and `.env` itself (`.env.development*` under `--dev`):
 * the launcher must decide "local run or deployment" on the same settings, or a deployment whose public origin
 * is in one of those files is launched as a local run (generated secrets, captcha off, the /dev endpoints).
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'launch-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const launch = (dev = false, processEnv: Record<string, string> = {}) =>
  launchEnvironments({ dev, processEnv, dir, secretsFile: path.join(dir, '.data/local-secrets.env') });

describe('the settings npm start launches with', () => {
  it('a local run without settings gets generated secrets, captcha off and the /dev endpoints', () => {
    const { backend, web } = launch();
    expect(backend.ADMIN_TOKEN).toHaveLength(43);
    expect(backend.CAPTCHA_ENABLED).toBe('false');
    expect(backend.DEV_ENDPOINTS).toBe('true');
    expect(web.SESSION_SECRET).toBe(backend.SESSION_SECRET);
    expect(web.NODE_ENV).toBe('production');
    expect(web.DEV_ENDPOINTS).toBe('');
  });

  for (const file of ['.env.production', '.env.local', '.env.production.local']) {
    it(`a public origin in ${file} (read by Next.js in the web process) makes it a deployment for both processes`, () => {
      writeFileSync(path.join(dir, file), 'WEB_APP_URL=https://shop.broker.example\nRECAPTCHA_SITE_KEY=site-key\n');
      const { env, backend, web } = launch();
      expect(env.WEB_APP_URL).toBe('https://shop.broker.example');
      for (const child of [backend, web]) {
        expect(child.WEB_APP_URL).toBe('https://shop.broker.example');
        // Nothing generated, nothing switched off: each process refuses to start without its own settings.
        expect(child.ADMIN_TOKEN).toBeUndefined();
        expect(child.SESSION_SECRET).toBeUndefined();
        expect(child.CAPTCHA_ENABLED).toBeUndefined();
      }
      expect(backend.DEV_ENDPOINTS).toBeUndefined();
    });
  }

  it('reads the files as Next.js (dotenv) and the backend (process.loadEnvFile) do: `export` lines, comments after a value', () => {
    writeFileSync(path.join(dir, '.env'), 'export WEB_APP_URL=https://shop.broker.example\nRECAPTCHA_SITE_KEY="site-key" # from the console\n');
    const { env, backend } = launch();
    expect(env.WEB_APP_URL).toBe('https://shop.broker.example');
    expect(env.RECAPTCHA_SITE_KEY).toBe('site-key');
    expect(backend.ADMIN_TOKEN).toBeUndefined();
    expect(backend.DEV_ENDPOINTS).toBeUndefined();
  });

  it('follows the precedence of Next.js: the environment, then .env.production.local, .env.local, .env.production, .env', () => {
    writeFileSync(path.join(dir, '.env'), 'A=env\nB=env\nC=env\nD=env\nE=env\n');
    writeFileSync(path.join(dir, '.env.production'), 'A=production\nB=production\nC=production\nD=production\n');
    writeFileSync(path.join(dir, '.env.local'), 'A=local\nB=local\nC=local\n');
    writeFileSync(path.join(dir, '.env.production.local'), 'A=production.local\nB=production.local\n');
    writeFileSync(path.join(dir, '.env.development'), 'E=development\nF=development\n');
    const { env } = launch(false, { A: 'environment' });
    expect([env.A, env.B, env.C, env.D, env.E, env.F]).toEqual(['environment', 'production.local', 'local', 'production', 'env', undefined]);
  });

  it('npm run dev reads the development files, as Next.js does in development mode', () => {
    writeFileSync(path.join(dir, '.env.production'), 'WEB_APP_URL=https://shop.broker.example\n');
    writeFileSync(path.join(dir, '.env.development.local'), 'WEB_APP_URL=https://dev.broker.example\n');
    const { env, web } = launch(true);
    expect(env.WEB_APP_URL).toBe('https://dev.broker.example');
    expect(web.NODE_ENV).toBe('development');
    expect(env.CAPTCHA_ENABLED).toBeUndefined();
  });
});
