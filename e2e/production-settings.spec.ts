import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GOOGLE_UNCONFIGURED_MESSAGE } from '../components/auth/google-sign-in-button';
import { test, expect } from './fixtures';
import { freePort, startBackend, startLauncher, startWeb, waitUntilUp, type ServerProcess } from './helpers/servers';

/**
 * Issue 13, items 3 and 4: the processes themselves, started in production mode. Unsafe settings stop each
 * one before it serves anything, with one message naming every offending setting; with good settings they
 * start, and the attacks that the old development defaults allowed are refused.
 */
test.skip(Boolean(process.env.E2E_BASE_URL), 'starts its own processes on the existing build');
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OLD_DEFAULTS = {
  ADMIN_TOKEN: 'development-admin-token',
  PAYMENT_SIGNING_SECRET: 'development-payment-secret',
  PUSHER_SECRET: 'local-secret',
  SESSION_SECRET: 'development-only-session-secret-change-me',
};
const random = () => randomBytes(32).toString('base64url');

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'broker-production-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the backend refuses to start on unsafe settings, naming each one', async () => {
  const backend = startBackend(
    {
      NODE_ENV: 'production',
      BACKEND_PORT: String(await freePort()),
      DATABASE_PATH: path.join(dir, 'refused.sqlite'),
      ADMIN_TOKEN: OLD_DEFAULTS.ADMIN_TOKEN,
      PAYMENT_SIGNING_SECRET: 'short-but-not-default',
      DEV_ENDPOINTS: '1',
    },
    dir,
  );
  expect(await backend.exited).not.toBe(0);
  const message = backend.output();
  expect(message).toContain('Unsafe production configuration');
  expect(message).toMatch(/ADMIN_TOKEN: a known default value/);
  expect(message).toMatch(/PAYMENT_SIGNING_SECRET: shorter than 32 characters/);
  expect(message).toMatch(/PUSHER_SECRET: required/);
  expect(message).toMatch(/DEV_ENDPOINTS: development endpoints must be off/);
  expect(message).toMatch(/RECAPTCHA_SECRET: captcha is not configured/);
  expect(message).not.toContain('listening');
});

test('the web server refuses to start on unsafe settings, naming each one', async () => {
  const web = startWeb(await freePort(), {
    NODE_ENV: 'production',
    SESSION_SECRET: OLD_DEFAULTS.SESSION_SECRET,
    DEV_ENDPOINTS: 'true',
  });
  expect(await web.exited).not.toBe(0);
  const message = web.output();
  expect(message).toContain('Unsafe production configuration');
  expect(message).toMatch(/SESSION_SECRET: a known default value/);
  expect(message).toMatch(/RECAPTCHA_SITE_KEY: captcha is not configured/);
  expect(message).toMatch(/DEV_ENDPOINTS: development endpoints must be off/);

  const short = startWeb(await freePort(), { NODE_ENV: 'production', SESSION_SECRET: 'Zq8vN2xL5pR7', CAPTCHA_ENABLED: 'false' });
  expect(await short.exited).not.toBe(0);
  expect(short.output()).toMatch(/SESSION_SECRET: shorter than 32 characters/);
  expect(short.output()).not.toMatch(/RECAPTCHA_SITE_KEY/);
});

test('npm start for a public origin without NODE_ENV is a deployment: no generated secrets, it refuses to start', async () => {
  // A deployment that forgot NODE_ENV=production: before, it ran with the checkout's generated secrets and captcha off.
  const webPort = await freePort();
  const launcher = startLauncher({
    PORT: String(webPort),
    BACKEND_PORT: String(await freePort()),
    WEB_APP_URL: 'https://shop.broker.example',
    DATABASE_PATH: path.join(dir, 'forgot-node-env.sqlite'),
  });
  try {
    // Whichever comes first: the launcher's end, or its web app answering (which it must not).
    const started = waitUntilUp(`http://localhost:${webPort}/healthz`, launcher, 170_000).then(() => 'started' as const);
    const outcome = await Promise.race([launcher.exited, started.catch(() => launcher.exited)]);
    expect(outcome, launcher.output()).not.toBe('started');
    expect(outcome).not.toBe(0);
  } finally {
    await launcher.stop();
  }
  const message = launcher.output();
  // Whichever process refuses first (the launcher then stops the other): no secret of its own, captcha not set.
  expect(message).toContain('Unsafe production configuration');
  expect(message).toMatch(/(ADMIN_TOKEN|SESSION_SECRET): required/);
  expect(message).toMatch(/RECAPTCHA_(SECRET|SITE_KEY): captcha is not configured/);
  expect(message).not.toMatch(/"msg":"Server listening/);
});

test.describe('with good settings', () => {
  let backend: ServerProcess;
  let web: ServerProcess;
  let backendUrl = '';
  let webUrl = '';
  const paymentSecret = random();

  test.beforeAll(async () => {
    const backendPort = await freePort();
    const webPort = await freePort();
    backendUrl = `http://127.0.0.1:${backendPort}`;
    webUrl = `http://localhost:${webPort}`;
    backend = startBackend(
      {
        NODE_ENV: 'production',
        BACKEND_PORT: String(backendPort),
        DATABASE_PATH: path.join(dir, 'good.sqlite'),
        WEB_APP_URL: webUrl,
        ADMIN_TOKEN: random(),
        PAYMENT_SIGNING_SECRET: paymentSecret,
        PUSHER_SECRET: random(),
        CAPTCHA_ENABLED: 'false',
        LOG_LEVEL: 'warn',
      },
      dir,
    );
    await waitUntilUp(`${backendUrl}/api/v1/maintenances/status`, backend);
    web = startWeb(webPort, {
      NODE_ENV: 'production',
      SESSION_SECRET: random(),
      CAPTCHA_ENABLED: 'false',
      WEB_APP_URL: webUrl,
      BACKEND_API_URL: backendUrl,
      PRODUCTS_API_URL: backendUrl,
      PUSHER_WS_HOST: '127.0.0.1',
      PUSHER_WS_PORT: String(backendPort),
    });
    await waitUntilUp(`${webUrl}/favicon.ico`, web);
  });

  test.afterAll(async () => {
    await web?.stop();
    await backend?.stop();
  });

  /** Headers of a same-origin write through the BFF (XSRF cookie echoed, Origin of the shop). */
  const write = (extra: Record<string, string> = {}) => ({
    cookie: 'XSRF-TOKEN=e2e-xsrf',
    'x-xsrf-token': 'e2e-xsrf',
    origin: webUrl,
    'content-type': 'application/json',
    ...extra,
  });

  test('a forged IPN is not forwarded by the BFF, and the old default secret does not sign one', async ({ playwright }) => {
    const api = await playwright.request.newContext();
    // A real order awaiting payment, made through the backend as the shop would.
    const login = await api.post(`${backendUrl}/api/v1/auth/login`, {
      multipart: { email: 'client@exemplu.ro', password: 'Parola-Demo-2026', token: '' },
    });
    expect(login.status()).toBe(200);
    const token = (await login.json()).data.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const quote = (await (await api.post(`${backendUrl}/api/v1/quotes`, { data: { product_code: 'rca', input: rcaInput() } })).json()).data;
    const order = await api.post(`${backendUrl}/api/v1/orders`, {
      headers: auth,
      data: {
        quote_id: quote.id,
        offer_id: quote.offers[0].id,
        customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' },
        consents: { terms: true, product_sheet: true, data_processing: true },
      },
    });
    expect(order.status()).toBe(201);
    const orderId = (await order.json()).data.id as number;
    const payment = (await (await api.post(`${backendUrl}/api/v1/orders/${orderId}/payments`, { headers: auth, data: { return_url: `${webUrl}/thank-you` } })).json()).data;
    const amount = (await order.json()).data.amount_bani as number;
    const forged = (secret: string) => ({
      payment_id: payment.payment_id,
      status: 'confirmed',
      amount_bani: amount,
      signature: createHmac('sha256', secret).update(`${payment.payment_id}:confirmed:${amount}`).digest('hex'),
    });

    for (const p of ['/api/v1/payments/ipn', '/api/v1/payments/ipn/', '/api/v1/orders/..%2Fpayments%2Fipn', '/api/v1/./payments/ipn']) {
      // Redirects followed (Next.js answers a trailing slash with 308 to the same path without it).
      const res = await api.post(`${webUrl}${p}`, { headers: write(), data: forged(OLD_DEFAULTS.PAYMENT_SIGNING_SECRET) });
      expect(res.status(), p).toBe(404);
    }
    const direct = await api.post(`${backendUrl}/api/v1/payments/ipn`, { data: forged(OLD_DEFAULTS.PAYMENT_SIGNING_SECRET) });
    expect(direct.status()).toBe(403);
    expect((await direct.json()).error.code).toBe('invalid_signature');
    const after = (await (await api.get(`${backendUrl}/api/v1/orders/${orderId}`, { headers: auth })).json()).data;
    expect(after.status).toBe('awaiting_payment');
    expect(after.policy_id).toBeNull();
    await api.dispose();
  });

  test('admin and dev endpoints: not through the BFF, and not with the old default token', async ({ playwright }) => {
    const api = await playwright.request.newContext();
    for (const p of ['/api/v1/admin/maintenance', '/api/v1/dev/outbox', '/api/v1/../admin/maintenance', '/api/v1/%2e%2e/admin/maintenance']) {
      const res = await api.get(`${webUrl}${p}`, { headers: { 'x-admin-token': OLD_DEFAULTS.ADMIN_TOKEN } });
      expect(res.status(), p).toBe(404);
    }
    const admin = await api.post(`${backendUrl}/admin/maintenance`, {
      headers: { 'x-admin-token': OLD_DEFAULTS.ADMIN_TOKEN },
      data: { is_active: true, message: 'pwned' },
    });
    expect([401, 403]).toContain(admin.status());
    expect((await api.get(`${backendUrl}/admin/product-statuses`, { headers: { 'x-admin-token': OLD_DEFAULTS.ADMIN_TOKEN } })).status()).toBeGreaterThanOrEqual(401);
    expect((await api.get(`${backendUrl}/dev/outbox`)).status()).toBe(404);
    expect((await (await api.get(`${backendUrl}/api/v1/maintenances/status`)).json()).data.is_active).toBe(false);
    await api.dispose();
  });

  test('a development Google token signs nobody in; the page says Google sign-in is unavailable', async ({ page }) => {
    const res = await page.request.post(`${webUrl}/api/v1/auth/social/authentications/google`, {
      headers: write(),
      data: { token: 'dev-google:client@exemplu.ro' },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe('google_sign_in_unavailable');
    expect(res.headers()['set-cookie'] ?? '').not.toMatch(/bs_session=[^;]/);
    const user = await page.request.get(`${webUrl}/api/v1/auth/user`);
    expect((await user.json()).data).toBeNull();

    await page.goto(`${webUrl}/authenticate`);
    await expect(page.getByText(GOOGLE_UNCONFIGURED_MESSAGE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuați cu Google' })).toBeDisabled();
    // Captcha is switched off here: no notice, no Google script.
    await expect(page.getByText(/protejat de reCAPTCHA/)).toHaveCount(0);
  });
});

function rcaInput() {
  // Tomorrow in Bucharest: the policy starts on a future day.
  const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
  return {
    registration_plate: 'B123ABC',
    vin: 'WVWZZZ1JZXW000001',
    vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
    owner: { type: 'person', cnp: '1850615400011', driving_licence_date: '2005-07-01' },
    start_date: tomorrow,
    period_months: 12,
  };
}
