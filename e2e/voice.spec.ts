import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../backend/tests/pdf-text';
import { findInformal } from '../tests/helpers/informal-voice';
import { enterEmail, outbox } from './auth-helpers';
import { signInThroughApi, signUpThroughApi, uniqueEmail } from './fixtures/auth';
import { test, expect } from './fixtures';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest } from './shop-helpers';

/**
 * Issue 19, item 4: one voice. The rendered pages (visible text, titles, descriptions, aria-labels,
 * placeholders), the validation messages of empty forms, the mails of the outbox and a policy PDF address the
 * customer formally: no informal form of tests/helpers/informal-voice.ts. tests/voice.test.ts checks the source.
 */

type Found = string[];

/** What a visitor reads or hears on the page now: title, description, text (closed FAQ answers opened) and labels. */
async function pageTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => (d.open = true));
    const parts = [document.title, document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '', document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-description]')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

async function check(found: Found, label: string, text: string) {
  expect(text.length, `${label} has text`).toBeGreaterThan(20);
  for (const hit of findInformal(text)) found.push(`${label}: ${hit.name} "${hit.match}" in "${hit.context}"`);
}

async function checkPage(page: Page, found: Found, label: string) {
  await check(found, label, await pageTexts(page));
}

/** The mails to `to` (subject, text and HTML). */
async function checkMails(request: APIRequestContext, backendURL: string, to: string, found: Found, atLeast: number) {
  let mails: Awaited<ReturnType<typeof outbox>> = [];
  await expect.poll(async () => (mails = await outbox(request, backendURL, to)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(atLeast);
  for (const mail of mails) await check(found, `mail "${mail.subject}"`, `${mail.subject}\n${mail.text}\n${mail.html.replace(/<[^>]+>/g, ' ')}`);
  return mails;
}

test('the public pages and their empty-form messages are formal', async ({ page }) => {
  test.setTimeout(180_000);
  const found: Found = [];
  const info = ['termeni-si-conditii', 'confidentialitate', 'cookies', 'anpc-sal', 'despre-noi'];
  for (const path of ['/', '/faq', '/michelin-tiresecureplus', ...info.map((slug) => `/info/${slug}`)]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkPage(page, found, path);
  }

  // The product forms, submitted empty: their validation messages.
  for (const [path, button] of [['/rca', 'Vedeți ofertele'], ['/travel', 'Vedeți ofertele'], ['/house', 'Vedeți ofertele'], ['/tire', 'Vedeți ofertele']] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await checkPage(page, found, `${path}, submitted empty`);
  }

  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(page, found, '/contact-us, submitted empty');

  const missing = await page.goto('/aceasta-pagina-nu-exista');
  expect(missing?.status()).toBe(404);
  await checkPage(page, found, '404');

  // The maintenance page as rendered by the server (its script would send the visitor back: the site is up).
  const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(new URL('/maintenance', page.url()).href);
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Revenim în curând');
  await checkPage(still, found, '/maintenance');
  await noScript.close();

  expect(found).toEqual([]);
});

test('/authenticate, its steps and messages, and the reset and contact mails are formal', async ({ page, backendURL }) => {
  test.setTimeout(180_000);
  const found: Found = [];
  const user = await signUpThroughApi(page);
  await page.context().clearCookies();

  await page.goto('/authenticate');
  await page.getByRole('button', { name: 'Continuați', exact: true }).click();
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, found, 'email step, submitted empty');

  // A new address: the registration step, submitted empty.
  await enterEmail(page, uniqueEmail('voce-nou'));
  await expect(page.getByRole('heading', { name: 'Creați un cont nou' })).toBeVisible();
  await page.getByRole('button', { name: 'Creați contul' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(page, found, 'registration step, submitted empty');

  // A known address: the password step with a wrong password, then the forgotten-password steps.
  await page.goto('/authenticate');
  await enterEmail(page, user.email);
  await expect(page.getByRole('heading', { name: 'Autentificare' })).toBeVisible();
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  await expect(page.getByLabel('Parola', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, found, 'password step, submitted empty');
  await page.getByRole('button', { name: 'Am uitat parola' }).click();
  await page.getByRole('button', { name: 'Trimiteți linkul de resetare' }).click();
  await expect(page.getByText('Am trimis linkul de resetare')).toBeVisible();
  await checkPage(page, found, 'reset link sent');

  // A contact message from the same address: its acknowledgement mail.
  await page.goto('/contact-us');
  await page.getByLabel(/Nume și prenume/).fill('Ioana Testescu');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/Subiect/).selectOption('Altceva');
  await page.getByLabel(/^Mesaj/).fill('O întrebare despre polița de călătorie.');
  await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
  await expect(page.getByText('Mesajul a fost trimis')).toBeVisible({ timeout: 30_000 });
  await checkPage(page, found, '/contact-us, sent');

  const mails = await checkMails(page.request, backendURL, user.email, found, 2);
  expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Resetarea parolei', 'Am primit mesajul dumneavoastră']));
  expect(found).toEqual([]);
});

test('a purchase: offers, the details step and its messages, the thank-you page, the mails and the policy PDF are formal', async ({ page, backendURL }) => {
  test.setTimeout(180_000);
  const found: Found = [];
  await page.goto('/travel');
  await checkPage(page, found, '/travel');
  await page.getByRole('textbox', { name: 'Destinația' }).fill('Grecia');
  await page.getByLabel('Data nașterii, călătorul 1').fill('1985-03-14');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await checkPage(page, found, 'travel offers');
  await page.getByRole('list', { name: 'Oferte' }).getByRole('button', { name: 'Alegeți oferta' }).first().click();

  await expect(page.getByRole('heading', { name: 'Datele dumneavoastră' })).toBeVisible();
  await page.getByRole('button', { name: 'Plasați comanda și plătiți' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(page, found, 'details step, submitted empty');

  const email = uniqueEmail('voce');
  await placeOrderAsGuest(page, email);
  await answerOnProcessor(page, 'Plătește');
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  await checkPage(page, found, 'thank-you, paid');

  // The guest's mails: the set-password link and the issued policy; and the policy PDF.
  const mails = await checkMails(page.request, backendURL, email, found, 2);
  expect(mails.some((m) => m.subject.startsWith('Polița dumneavoastră'))).toBe(true);
  const { data: order } = (await (await page.request.get(`/api/v1/orders/${orderIdOf(page)}`)).json()) as { data: { policy_id: number } };
  const pdf = await page.request.get(`/api/v1/policies/${order.policy_id}/document`);
  expect(pdf.status()).toBe(200);
  await check(found, 'policy PDF', await pdfText(new Uint8Array(await pdf.body())));
  expect(found).toEqual([]);
});

test('the account pages of a signed-in customer are formal', async ({ page }) => {
  test.setTimeout(180_000);
  const found: Found = [];
  // The demo customer has orders and policies in every state.
  await signInThroughApi(page, 'client@exemplu.ro', 'Parola-Demo-2026');
  for (const path of ['/account/orders', '/account/policies', '/account/profile', '/account/security', '/account/preferences']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Lists and forms load their data after the page: read them once loaded.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/Se încarcă/)).toHaveCount(0);
    await checkPage(page, found, path);
  }

  // The two-factor set-up of a customer without it.
  await page.context().clearCookies();
  await signUpThroughApi(page);
  await page.goto('/account/2fa');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurați autentificarea în doi pași' })).toBeVisible();
  await checkPage(page, found, '/account/2fa');
  expect(found).toEqual([]);
});
