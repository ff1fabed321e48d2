import { defineConfig, devices } from '@playwright/test';
import { readLocalSecrets } from './scripts/local-secrets.mjs';

/**
 * End-to-end tests: the production web app against the real reference backend, in Debian's Chromium.
 * Servers on test ports with a fresh database per run, unless E2E_BASE_URL/E2E_BACKEND_URL point at running ones.
 */
// Ports are settable so that several checkouts can run their suites side by side.
const WEB_PORT = Number(process.env.E2E_WEB_PORT || 3100);
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 4100);
const external = Boolean(process.env.E2E_BASE_URL);
export const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${WEB_PORT}`;
export const backendURL = process.env.E2E_BACKEND_URL ?? `http://127.0.0.1:${BACKEND_PORT}`;
const runId = `${Date.now()}`;

// No fixed secret anywhere: the servers get this checkout's generated local secrets (scripts/local-secrets.mjs),
// which the specs read too (e2e/helpers/secrets.ts).
const secrets = readLocalSecrets();

const serverEnv = {
  NEXT_TELEMETRY_DISABLED: '1',
  BACKEND_PORT: String(BACKEND_PORT),
  BACKEND_HOST: '127.0.0.1',
  DATABASE_PATH: `.data/e2e-${runId}.sqlite`,
  WEB_APP_URL: `http://localhost:${WEB_PORT}`,
  BACKEND_API_URL: `http://127.0.0.1:${BACKEND_PORT}`,
  PRODUCTS_API_URL: `http://127.0.0.1:${BACKEND_PORT}`,
  PUSHER_WS_HOST: '127.0.0.1',
  PUSHER_WS_PORT: String(BACKEND_PORT),
  LOG_LEVEL: 'warn',
  ...secrets,
  // The main run has no reCAPTCHA keys: captcha is switched off explicitly (e2e/captcha.spec.ts runs it on).
  CAPTCHA_ENABLED: 'false',
  RECAPTCHA_SITE_KEY: '',
  RECAPTCHA_SECRET: '',
};
// The backend runs as a test instance (its /dev endpoints on: outbox, fault injection); the web app as in
// production, which refuses dev endpoints, placeholder secrets and unconfigured captcha.
const backendEnv = { ...serverEnv, NODE_ENV: 'test', DEV_ENDPOINTS: '1' };
const webEnv = { ...serverEnv, NODE_ENV: 'production', DEV_ENDPOINTS: '', PORT: String(WEB_PORT) };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Everything that leaves the shared backend as it found it runs in parallel…
    { name: 'desktop', grepInvert: /@global-state/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // …then the tests that switch global state (maintenance, product flags, injected failures), one at a time.
    {
      name: 'global-state',
      grep: /@global-state/,
      dependencies: ['desktop'],
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: external
    ? undefined
    : [
        {
          // scripts/e2e.mjs bundles the backend first (npm run backend:build).
          command: 'node backend/dist/main.mjs',
          url: `http://127.0.0.1:${BACKEND_PORT}/api/v1/maintenances/status`,
          env: backendEnv,
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe',
        },
        {
          // scripts/e2e.mjs bundles the web server too (npm run server:build).
          command: `node server/dist/main.mjs -p ${WEB_PORT}`,
          url: `http://localhost:${WEB_PORT}/`,
          env: webEnv,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'pipe',
        },
      ],
});
