import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../backend/tests/pdf-text';
import { formatLeiFromBani } from '@/contract/money';
import { outbox } from './auth-helpers';
import { test, expect } from './fixtures';
import { ADMIN_HEADERS, registerFreshCustomer, setProductFlags } from './helpers/content-account';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, uniqueEmail } from './shop-helpers';

/**
 * Issue 18, item 2: the rovinietă and the e-matrica, from the product page through the processor to the account
 * (vignettes list, PDF proof, mail), their live status flags, and axe on the new pages. The vignette flags are off
 * in the seed, so every test here switches global state: one serial block, flags restored afterwards.
 */

type Flags = { is_ro_vignette_available: boolean; is_hu_vignette_available: boolean };
type QuoteAnswer = {
  data: { offers: { price_bani: number; list_price: { amount: number; currency: string }; exchange_rate: { lei_per_unit: number; month: string } }[] };
};

const bucharestDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() + offsetDays * 86_400_000));

async function readFlags(request: APIRequestContext, backendURL: string): Promise<Flags> {
  const res = await request.get(`${backendURL}/admin/product-statuses`, { headers: ADMIN_HEADERS });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: Flags };
  return { is_ro_vignette_available: data.is_ro_vignette_available, is_hu_vignette_available: data.is_hu_vignette_available };
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(serious, label).toEqual([]);
}

/** The quote the price step shows: asked for by the form's submit. */
async function submitForPrice(page: Page): Promise<QuoteAnswer['data']['offers'][number]> {
  const quote = page.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Vedeți prețul' }).click();
  const answer = await quote;
  expect(answer.status()).toBe(201);
  const [offer] = ((await answer.json()) as QuoteAnswer).data.offers;
  await expect(page.getByRole('heading', { name: 'Prețul vinietei' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('offer-price')).toHaveText(formatLeiFromBani(offer.price_bani));
  return offer;
}

/** The vignette's PDF proof through the BFF, as text. */
async function proofText(page: Page, href: string): Promise<string> {
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return pdfText(new Uint8Array(await pdf.body()));
}

test.describe('road vignettes', { tag: '@global-state' }, () => {
  test.describe.configure({ mode: 'serial' });
  let before: Flags;
  /** The rovinietă bought in the first test: another customer must not reach its PDF. */
  let boughtPolicyId: number | null = null;

  test.beforeAll(async ({ request, backendURL }) => {
    before = await readFlags(request, backendURL);
    await setProductFlags(request, backendURL, { is_ro_vignette_available: true, is_hu_vignette_available: true });
  });
  test.afterAll(async ({ request, backendURL }) => {
    await setProductFlags(request, backendURL, before);
  });

  test('a rovinietă bought from /rovinieta: price in euro and lei, thank-you, account list, PDF proof and mail, bought again', async ({ page, request, backendURL }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('rovinieta');
    await page.goto('/rovinieta');
    await expect(page.getByRole('heading', { level: 1, name: 'Rovinietă' })).toBeVisible();
    // Categories A–H from the product's tariff; validities only once a category is chosen.
    const category = page.getByRole('combobox', { name: 'Categoria vehiculului' });
    await expect(category.getByRole('option')).toHaveText([
      'Alegeți categoria',
      'A – Autoturisme',
      'B – Marfă, MTMA ≤ 3,5 t',
      'C – Marfă, 3,5 t – 7,5 t',
      'D – Marfă, 7,5 t – 12 t',
      'E – Marfă, ≥ 12 t, max. 3 axe',
      'F – Marfă, ≥ 12 t, min. 4 axe',
      'G – Persoane, 9–23 locuri',
      'H – Persoane, peste 23 de locuri',
    ]);
    await category.selectOption('C');
    const validity = page.getByRole('group', { name: /Perioada de valabilitate/ });
    await expect(validity.getByRole('radio')).toHaveCount(4);
    await expect(validity.getByText('7 zile: 16,00 EUR')).toBeVisible();
    await category.selectOption('A');
    await expect(validity.getByRole('radio')).toHaveCount(5);
    await expect(validity.getByText('10 zile: 6,00 EUR')).toBeVisible();

    // A Romanian plate is checked as one, typed in upper case.
    const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
    await plate.pressSequentially('xx12abc');
    await expect(plate).toHaveValue('XX12ABC');
    await validity.getByRole('radio', { name: '30 de zile: 9,50 EUR' }).check();
    await page.getByRole('button', { name: 'Vedeți prețul' }).click();
    await expect(plate).toHaveAccessibleDescription(/Numărul de înmatriculare nu este valid/);
    await plate.fill('');
    await plate.pressSequentially('b123abc');

    // Start date: today … today + 30 (Bucharest); the last day is shown.
    const start = page.getByLabel('Data de început');
    await expect(start).toHaveAttribute('min', bucharestDay());
    await expect(start).toHaveAttribute('max', bucharestDay(30));
    await expect(start).toHaveValue(bucharestDay());
    await expect(page.getByText(/^Valabilă de la .* până la .* inclusiv\.$/)).toBeVisible();

    const offer = await submitForPrice(page);
    expect(offer.list_price).toEqual({ amount: 9.5, currency: 'EUR' });
    expect(offer.price_bani).toBe(Math.round(9.5 * offer.exchange_rate.lei_per_unit * 100));
    await expect(page.getByTestId('offer-list-price')).toContainText('Tarif 9,50 EUR, la cursul de');
    await expect(page.getByTestId('offer-list-price')).toContainText('lei/EUR');

    await page.getByRole('button', { name: 'Alegeți oferta' }).click();
    const summary = page.getByRole('complementary', { name: 'Rezumatul comenzii' });
    await expect(summary.getByText('Emitent')).toBeVisible();
    await expect(summary.getByText('B123ABC (RO)')).toBeVisible();
    await placeOrderAsGuest(page, email);
    await answerOnProcessor(page, 'Plătește');
    await expect(page.getByText('Plata a fost confirmată. Vinieta este emisă.')).toBeVisible({ timeout: 20_000 });
    const { data: order } = (await (await page.request.get(`/api/v1/orders/${orderIdOf(page)}`)).json()) as {
      data: { policy_id: number; product_code: string; number: string };
    };
    expect(order.product_code).toBe('ro-vignette');
    boughtPolicyId = order.policy_id;

    await page.getByRole('link', { name: 'Vinietele mele' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vinietele mele' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rovinietă · B123ABC (RO)' }) });
    await expect(card.getByText(/^Seria ROV-\d{4}-\d{7} · CNAIR/)).toBeVisible();
    // 30 days from today: the last day is 29 days away.
    await expect(card.getByTestId('vignette-state')).toHaveText('Expiră în 29 de zile');
    const series = (await card.getByText(/^Seria /).textContent())!.match(/ROV-\d{4}-\d{7}/)![0];
    const link = card.getByRole('link', { name: 'Descărcați dovada (PDF)' });
    await expect(link).toHaveAttribute('href', `/api/v1/policies/${order.policy_id}/document`);
    const text = await proofText(page, (await link.getAttribute('href'))!);
    expect(text).toContain('Rovinietă: dovada achiziției');
    expect(text).toContain(series);
    expect(text).toContain('B123ABC');
    expect(text).toContain('A – Autoturisme');
    expect(text).toContain('9,5 EUR');
    await expectNoSeriousViolations(page, '/account/vignettes with a vignette');
    // Ending within 30 days: bought again with the same vehicle and choices, from the day after it ends.
    await card.getByRole('link', { name: 'Cumpărați din nou' }).click();
    await expect(page).toHaveURL(new RegExp(`/rovinieta\\?renew=${order.policy_id}$`));
    await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('B123ABC');
    await expect(page.getByRole('combobox', { name: 'Categoria vehiculului' })).toHaveValue('A');
    await expect(page.getByRole('radio', { name: '30 de zile: 9,50 EUR' })).toBeChecked();
    await expect(page.getByLabel('Data de început')).toHaveValue(bucharestDay(30));
    await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Noua vinietă începe pe' })).toBeVisible();

    // Not a policy: the policies page lists none (the account's expiring banner names it, as a vignette); the order
    // links to the vignettes.
    await page.goto('/account/policies');
    await expect(page.getByText('Nu aveți încă polițe')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'O vinietă expiră în curând' })).toContainText('B123ABC (RO)');
    await page.goto('/account/orders');
    await expect(page.getByRole('listitem').filter({ hasText: order.number }).getByRole('link', { name: 'Vedeți vinieta' })).toHaveAttribute(
      'href',
      '/account/vignettes',
    );
    await expect
      .poll(async () => (await outbox(request, backendURL, email)).map((m) => m.subject))
      .toContain(`Rovinietă pentru B123ABC: seria ${series}`);
  });

  test('an e-matrica county pass with a foreign plate: counties with their total, then the account and the PDF', async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto('/vigneta-ungaria');
    await expect(page.getByRole('heading', { level: 1, name: 'Vinietă Ungaria (e-matrica)' })).toBeVisible();
    const category = page.getByRole('combobox', { name: 'Categoria vehiculului' });
    const validity = page.getByRole('group', { name: /Perioada de valabilitate/ });
    // The day pass exists for D1 only.
    await category.selectOption('D2');
    await expect(validity.getByRole('radio', { name: /^1 zi/ })).toHaveCount(0);
    await category.selectOption('D1');
    await expect(validity.getByRole('radio', { name: '1 zi: 5.150 HUF' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Țara de înmatriculare' }).selectOption('DE');
    await page.getByRole('textbox', { name: 'Număr de înmatriculare' }).pressSequentially('m-ab 1234');
    await page.getByLabel('Data de început').fill(bucharestDay(2));
    await validity.getByRole('radio', { name: /^Anuală pe județ/ }).check();
    const counties = page.getByRole('group', { name: /Județele/ });
    await page.getByRole('button', { name: 'Vedeți prețul' }).click();
    await expect(counties).toHaveAttribute('aria-invalid', 'true');
    await expect(counties.getByText('Alegeți cel puțin un județ.', { exact: true })).toBeVisible();
    await counties.getByRole('checkbox', { name: 'Pest' }).check();
    await counties.getByRole('checkbox', { name: 'Győr-Moson-Sopron' }).check();
    await expect(counties.getByText('2 județe: total 13.320 HUF.')).toBeVisible();

    const offer = await submitForPrice(page);
    expect(offer.list_price).toEqual({ amount: 13320, currency: 'HUF' });
    await expect(page.getByTestId('offer-list-price')).toContainText('Tarif 13.320 HUF');
    await page.getByRole('button', { name: 'Alegeți oferta' }).click();
    await expect(page.getByRole('complementary', { name: 'Rezumatul comenzii' }).getByText('Győr-Moson-Sopron, Pest')).toBeVisible();
    await placeOrderAsGuest(page, uniqueEmail('ematrica'));
    await answerOnProcessor(page, 'Plătește');
    await expect(page.getByText('Plata a fost confirmată. Vinieta este emisă.')).toBeVisible({ timeout: 20_000 });

    await page.goto('/account/vignettes');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /· MAB1234 \(DE\)$/ }) });
    await expect(card.getByTestId('vignette-state')).toHaveText('Începe în 2 zile');
    await expect(card.getByText(/^Seria HUV-\d{4}-\d{7}/)).toBeVisible();
    const href = (await card.getByRole('link', { name: 'Descărcați dovada (PDF)' }).getAttribute('href'))!;
    const text = await proofText(page, href);
    expect(text).toContain('MAB1234');
    expect(text).toContain('Győr-Moson-Sopron, Pest');
    expect(text).toMatch(/HUV-\d{4}-\d{7}/);
  });

  test('each flag switches its page and the home page link off and on live, without a reload', async ({ page, request, backendURL }) => {
    test.setTimeout(120_000);
    for (const [path, flag, name, field] of [
      ['/rovinieta', 'is_ro_vignette_available', 'Rovinieta', 'Rovinieta România'],
      ['/vigneta-ungaria', 'is_hu_vignette_available', 'Vinieta pentru Ungaria', 'Vigneta Ungaria (e-matrica)'],
    ] as const) {
      await page.goto(path);
      const form = page.getByRole('combobox', { name: 'Categoria vehiculului' });
      await expect(form).toBeVisible({ timeout: 25_000 });
      // A guest's realtime connection opens at the first interaction (or 10 s after the page started).
      await form.hover();
      await setProductFlags(request, backendURL, { [flag]: false });
      await expect(page.getByText(`${name} nu este disponibilă momentan`)).toBeVisible({ timeout: 25_000 });
      await expect(form).toHaveCount(0);
      await setProductFlags(request, backendURL, { [flag]: true });
      await expect(form).toBeVisible({ timeout: 25_000 });

      await page.goto('/');
      const flags = page.getByRole('region', { name: 'Viniete' });
      await expect(flags.getByRole('link', { name: field })).toHaveAttribute('href', path, { timeout: 25_000 });
      await flags.getByRole('link', { name: field }).hover();
      await setProductFlags(request, backendURL, { [flag]: false });
      await expect(flags.getByRole('link', { name: field })).toHaveCount(0, { timeout: 25_000 });
      await expect(flags.getByText(field)).toBeVisible();
      await setProductFlags(request, backendURL, { [flag]: true });
      await expect(flags.getByRole('link', { name: field })).toBeVisible({ timeout: 25_000 });
    }
  });

  test('the vignette pages make no Intl call while they load (README "Page-load performance")', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'PluralRules'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const probe = new Proxy(Original, {
          construct(target, args) {
            calls.push(`${name} ${JSON.stringify(args)}`);
            return Reflect.construct(target, args);
          },
        });
        Object.defineProperty(Intl, name, { value: probe, configurable: true, writable: true });
      }
    });
    for (const path of ['/rovinieta', '/vigneta-ungaria']) {
      await page.goto(path);
      await expect(page.locator('next-route-announcer')).toBeAttached();
      await expect(page.getByRole('combobox', { name: 'Categoria vehiculului' })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls), path).toEqual([]);
    }
  });

  test('the new pages are axe clean and in Romanian with ș and ț', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [path, scheme] of [
      ['/rovinieta', 'light'],
      ['/vigneta-ungaria', 'light'],
      ['/rovinieta', 'dark'],
      ['/vigneta-ungaria', 'dark'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      await expect(page.getByRole('combobox', { name: 'Categoria vehiculului' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Categoria vehiculului' }).selectOption({ index: 1 });
      await expect(page.getByRole('group', { name: /Perioada de valabilitate/ })).toBeVisible();
      await expectNoSeriousViolations(page, `${path}, ${scheme}`);
      const body = await page.locator('main').innerText();
      expect(body).toMatch(/ț/);
      expect(body).toMatch(/ș/);
      expect(body).not.toMatch(/[şţŞŢ]/);
    }
    // Signed out: the page sends to sign-in, and the API behind it answers nobody.
    await page.goto('/account/vignettes');
    await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fvignettes$/);
    expect((await page.request.get('/api/v1/policies')).status()).toBe(401);
    // A signed-in customer without vignettes: the empty state with the ways to buy one; another's PDF stays closed.
    await page.emulateMedia({ colorScheme: 'light' });
    await registerFreshCustomer(page);
    expect(boughtPolicyId).not.toBeNull();
    expect((await page.request.get(`/api/v1/policies/${boughtPolicyId}/document`)).status()).toBe(404);
    await page.goto('/account/vignettes');
    await expect(page.getByRole('heading', { name: 'Nu aveți încă viniete' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cumpărați o rovinietă' })).toHaveAttribute('href', '/rovinieta');
    await expectNoSeriousViolations(page, '/account/vignettes');
    const body = await page.locator('main').innerText();
    expect(body).toMatch(/ț/);
    expect(body).not.toMatch(/[şţŞŢ]/);
  });
});
