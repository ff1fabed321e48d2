import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLocalSecrets } from '../scripts/local-secrets.mjs';
import { enterEmail } from './auth-helpers';
import { test, expect } from './fixtures';
import { startBackend, startWeb, waitUntilUp, type ServerProcess } from './helpers/servers';

/**
 * Issue 13, item 14: captcha really runs. Its own backend and web server (captcha keys set, the siteverify URL
 * pointed at a local stub that accepts `human:` tokens and refuses the rest) on the main ports + 12. There is
 * no internet: the Google script is answered by a fake `grecaptcha` at its real URL, so the page's CSP is
 * what allows or blocks it.
 */
test.skip(Boolean(process.env.E2E_BASE_URL), 'starts its own processes on the existing build');
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// + 12: operations.spec.ts uses + 10 / + 11, backend-process.ts + 20.
const WEB_PORT = Number(process.env.E2E_WEB_PORT || 3100) + 12;
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 4100) + 12;
const WEB = `http://localhost:${WEB_PORT}`;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const SITE_KEY = 'e2e-site-key';
const CAPTCHA_ERROR = 'Verificarea reCAPTCHA a eșuat. Reîncărcați pagina și încercați din nou.';

/** What the stub siteverify received: the secret, the token and the client IP of each check. */
let verified: { secret: string; response: string }[] = [];
let stub: http.Server;
let backend: ServerProcess;
let web: ServerProcess;
let dir = '';

test.beforeAll(async () => {
  stub = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const response = form.get('response') ?? '';
      verified.push({ secret: form.get('secret') ?? '', response });
      const [verdict, action] = response.split(':');
      const human = verdict === 'human' && form.get('secret') === 'e2e-recaptcha-secret';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(human ? { success: true, score: 0.9, action } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/siteverify`;
  dir = mkdtempSync(path.join(tmpdir(), 'broker-captcha-'));
  const secrets = readLocalSecrets();
  backend = startBackend(
    {
      NODE_ENV: 'test',
      BACKEND_PORT: String(BACKEND_PORT),
      DATABASE_PATH: path.join(dir, 'db.sqlite'),
      WEB_APP_URL: WEB,
      ADMIN_TOKEN: secrets.ADMIN_TOKEN,
      PAYMENT_SIGNING_SECRET: secrets.PAYMENT_SIGNING_SECRET,
      PUSHER_SECRET: secrets.PUSHER_SECRET,
      RECAPTCHA_SECRET: 'e2e-recaptcha-secret',
      RECAPTCHA_VERIFY_URL: stubUrl,
      LOG_LEVEL: 'warn',
    },
    dir,
  );
  await waitUntilUp(`${BACKEND}/api/v1/maintenances/status`, backend);
  web = startWeb(WEB_PORT, {
    NODE_ENV: 'production',
    SESSION_SECRET: secrets.SESSION_SECRET,
    RECAPTCHA_SITE_KEY: SITE_KEY,
    WEB_APP_URL: WEB,
    BACKEND_API_URL: BACKEND,
    PRODUCTS_API_URL: BACKEND,
    PUSHER_WS_HOST: '127.0.0.1',
    PUSHER_WS_PORT: String(BACKEND_PORT),
  });
  await waitUntilUp(`${WEB}/favicon.ico`, web);
});

test.afterAll(async () => {
  await web?.stop();
  await backend?.stop();
  await new Promise<void>((resolve) => (stub ? stub.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(() => {
  verified = [];
});

type Captcha = { scriptLoads: () => number; setVerdict: (v: 'human' | 'bot') => void };

/** Answers the real reCAPTCHA script URL with a fake grecaptcha whose tokens say `verdict:action` (verdict set before the page loads). */
async function fakeRecaptcha(page: import('@playwright/test').Page): Promise<Captcha> {
  let loads = 0;
  let verdict = 'human';
  await page.route('https://www.google.com/recaptcha/api.js*', async (route) => {
    loads += 1;
    expect(new URL(route.request().url()).searchParams.get('render')).toBe(SITE_KEY);
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.grecaptcha = {
        ready: function (cb) { setTimeout(cb, 0); },
        execute: function (key, options) {
          if (key !== ${JSON.stringify(SITE_KEY)}) return Promise.reject(new Error('wrong key'));
          return Promise.resolve(window.__captchaVerdict + ':' + options.action);
        },
      };
      window.__captchaVerdict = ${JSON.stringify(verdict)};`,
    });
  });
  return {
    scriptLoads: () => loads,
    setVerdict: (v) => {
      verdict = v;
    },
  };
}

test('the home page and a product page do not load the captcha script', async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  await page.goto(`${WEB}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`${WEB}/rca`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(captcha.scriptLoads()).toBe(0);
  await expect(page.getByText(/protejat de reCAPTCHA/)).toHaveCount(0);
});

test('the cookie banner\'s choice is recorded with a checked captcha token, loaded only on the click', async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  await page.goto(`${WEB}/faq`);
  const banner = page.getByRole('region', { name: 'Folosim cookie-uri' });
  await expect(banner).toBeVisible();
  expect(captcha.scriptLoads()).toBe(0);
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/v1/cookie-consents'));
  await banner.getByRole('button', { name: 'Doar esențiale' }).click();
  expect((await recorded).status()).toBe(201);
  expect(verified.map((v) => v.response)).toEqual(['human:cookie_consent']);
  await expect(banner).toBeHidden();
});

test('a real sign-in sends accepted captcha tokens for the email check and the password', async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  await page.goto(`${WEB}/authenticate`);
  await expect(page.getByText(/Acest site este protejat de reCAPTCHA/)).toBeVisible();
  await expect.poll(() => captcha.scriptLoads()).toBe(1);
  await enterEmail(page, 'client@exemplu.ro');
  await expect(page.getByRole('heading', { name: 'Autentificare' })).toBeVisible();
  await page.getByLabel('Parola', { exact: true }).fill('Parola-Demo-2026');
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  await expect(page).toHaveURL(`${WEB}/`);
  await expect(page.getByRole('button', { name: 'Contul meu' })).toBeVisible();
  expect(verified.map((v) => v.response)).toEqual(['human:email_check', 'human:login']);
  expect(verified.every((v) => v.secret === 'e2e-recaptcha-secret')).toBe(true);
});

test('a contact message is sent with an accepted token', async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  await page.goto(`${WEB}/contact-us`);
  await expect(page.getByText(/Acest site este protejat de reCAPTCHA/)).toBeVisible();
  await page.getByLabel(/Nume și prenume/).fill('Ana Test');
  await page.getByLabel(/^Email/).fill('ana.captcha@exemplu.ro');
  await page.getByLabel(/Subiect/).selectOption('Daună');
  await page.getByLabel(/^Mesaj/).fill('Vreau să deschid o daună pentru polița mea RCA.');
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
  await expect(page.getByText('Mesajul a fost trimis')).toBeVisible({ timeout: 30_000 });
  expect(captcha.scriptLoads()).toBe(1);
  expect(verified.map((v) => v.response)).toEqual(['human:contact']);
});

test("a guest's details step shows the notice and loads the script, which the product form did not", async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  await page.goto(`${WEB}/travel`);
  await page.getByRole('textbox', { name: 'Destinația' }).fill('Grecia');
  await page.getByLabel('Data nașterii, călătorul 1').fill('1985-03-14');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  const choose = page.getByRole('list', { name: 'Oferte' }).getByRole('button', { name: 'Alegeți oferta' }).first();
  await expect(choose).toBeVisible({ timeout: 20_000 });
  // The product form and its offers never load it; choosing an offer opens the details step, which does at once
  // (so the count is read before the click, not after it).
  expect(captcha.scriptLoads()).toBe(0);
  await choose.click();
  await expect(page.getByRole('button', { name: 'Plasați comanda și plătiți' })).toBeVisible();
  await expect(page.getByText(/Acest site este protejat de reCAPTCHA/)).toBeVisible();
  await expect.poll(() => captcha.scriptLoads()).toBe(1);
});

test('a refused token gives the Romanian captcha error and signs nobody in', async ({ page }) => {
  const captcha = await fakeRecaptcha(page);
  captcha.setVerdict('bot');
  await page.goto(`${WEB}/authenticate`);
  await expect.poll(() => captcha.scriptLoads()).toBe(1);
  await page.getByLabel('Adresa de email', { exact: true }).fill('client@exemplu.ro');
  await page.getByRole('button', { name: 'Continuați', exact: true }).click();
  await expect(page.getByText(CAPTCHA_ERROR)).toBeVisible();
  expect(verified.map((v) => v.response)).toEqual(['bot:email_check']);
  // Straight at the BFF without a token: refused the same way, no session.
  const res = await page.request.post(`${WEB}/api/v1/auth/login`, {
    headers: { 'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '', origin: WEB },
    multipart: { email: 'client@exemplu.ro', password: 'Parola-Demo-2026', token: '' },
  });
  expect(res.status()).toBe(422);
  expect(JSON.stringify(await res.json())).toContain(CAPTCHA_ERROR);
  expect((await (await page.request.get(`${WEB}/api/v1/auth/user`)).json()).data).toBeNull();
});
