import { pdfText } from '../backend/tests/pdf-text';
import { signInThroughApi } from './fixtures/auth';
import { test, expect } from './fixtures';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, randomCnp, uniqueEmail } from './shop-helpers';

/** Issue 14, items 3–8: renewals, company buyers and their policy, Back around the payment, partners. */

type Counts = { orders: number; payments: number };
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Plate/VIN route → register lookup → offers (person owner with a fresh CNP). */
async function rcaOffersAsPerson(page: import('@playwright/test').Page, route = '/rca/B123ABC/WVWZZZ1JZXW000001') {
  await page.goto(route);
  await expect(page.getByLabel('Marca')).not.toHaveValue('', { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'CNP' }).fill(randomCnp());
  await page.getByLabel('Data obținerii permisului').fill('2010-05-01');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
}

test('a renewal starts the day after the old policy ends, everything else prefilled', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, 'client@exemplu.ro', 'Parola-Demo-2026');
  const policies = (await (await page.request.get('/api/v1/policies')).json()) as { data: { id: number; product_code: string; ends_on: string; input: { registration_plate?: string } }[] };
  const old = policies.data.find((p) => p.product_code === 'rca' && p.input.registration_plate === 'CJ45XYZ')!;
  const renewalStart = addDays(old.ends_on, 1);

  await page.goto('/account/policies');
  await page.getByRole('link', { name: 'Reînnoiți', exact: true }).and(page.locator(`[href="/rca?renew=${old.id}"]`)).click();
  await expect(page).toHaveURL(new RegExp(`/rca\\?renew=${old.id}`));
  await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('CJ45XYZ');
  await expect(page.getByRole('textbox', { name: 'Marca' })).toHaveValue('Dacia');
  await expect(page.getByRole('textbox', { name: 'CNP' })).toHaveValue('2901123123456');
  await expect(page.getByLabel('Data de început')).toHaveValue(renewalStart);
  await expect(page.getByText(/Reînnoire: polița actuală este valabilă până la/)).toBeVisible();

  const quote = page.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  const answer = await quote;
  expect(answer.status()).toBe(201);
  const { data } = (await answer.json()) as { data: { input: { start_date: string; renewal_of: number } } };
  expect(data.input).toMatchObject({ start_date: renewalStart, renewal_of: old.id });
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible();
});

test("a company buys RCA: the name comes from the register and the policy PDF names the company, its CUI, the VIN and the bonus-malus class", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/rca/IF10AAA/WBA3A5C51CF256789');
  await expect(page.getByLabel('Marca')).toHaveValue('BMW', { timeout: 20_000 });
  await page.getByRole('radio', { name: 'Persoană juridică' }).check();
  await page.getByRole('textbox', { name: 'CUI' }).fill('RO14725831');
  await page.getByRole('textbox', { name: 'CUI' }).blur();
  await expect(page.getByRole('textbox', { name: 'Denumirea firmei' })).toHaveValue('Transport Exemplu SRL');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Clasa bonus-malus: B2').first()).toBeVisible();
  await page.getByRole('button', { name: /^Alegeți .*fără decontare directă/ }).first().click();

  // The buyer is the company (prefilled from the owner); first and last name are its contact person.
  await expect(page.getByRole('group', { name: /Firma/ }).getByRole('textbox', { name: 'CUI' })).toHaveValue('14725831');
  await expect(page.getByRole('group', { name: /Firma/ }).getByRole('textbox', { name: 'Denumirea firmei' })).toHaveValue('Transport Exemplu SRL');
  await placeOrderAsGuest(page, uniqueEmail('firma'));
  await answerOnProcessor(page, 'Plătește');
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });

  const { data: order } = (await (await page.request.get(`/api/v1/orders/${orderIdOf(page)}`)).json()) as { data: { policy_id: number; buyer: unknown } };
  expect(order.buyer).toEqual({ type: 'company', name: 'Transport Exemplu SRL', cui: '14725831' });
  const pdf = await page.request.get(`/api/v1/policies/${order.policy_id}/document`);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(new Uint8Array(await pdf.body()));
  expect(text).toContain('Transport Exemplu SRL, CUI: 14725831');
  expect(text).toContain('Persoană de contact: Ioana Testescu');
  expect(text).toContain('WBA3A5C51CF256789');
  expect(text).toContain('Clasă bonus-malus: B2');
  expect(text).toContain('Utilizator Același cu proprietarul');
  expect(text).not.toContain('Ioana Testescu, CUI');
});

test('Back moves one purchase step: details → offers → form, and Forward again', async ({ page }) => {
  test.setTimeout(120_000);
  await rcaOffersAsPerson(page);
  await expect(page).toHaveURL(/step=offers/);
  await page.getByRole('button', { name: /^Alegeți .*fără decontare directă/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Datele dumneavoastră' })).toBeVisible();
  await expect(page).toHaveURL(/step=details/);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datele dumneavoastră' })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Vedeți ofertele' })).toBeVisible();
  await expect(page.getByLabel('Marca')).toHaveValue('Volkswagen');
  expect(new URL(page.url()).pathname).toBe('/rca/B123ABC/WVWZZZ1JZXW000001');
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible();
  // The in-page "Modificați datele" is one step back too.
  await page.getByRole('button', { name: 'Modificați datele' }).click();
  await expect(page.getByRole('button', { name: 'Vedeți ofertele' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible();
});

test('Back from the payment processor returns to the details step with the data and starts no payment', { tag: '@global-state' }, async ({ page, backendURL }) => {
  test.setTimeout(150_000);
  const counts = async () => ((await (await page.request.get(`${backendURL}/dev/counts`)).json()) as { data: Counts }).data;
  await rcaOffersAsPerson(page);
  await page.getByRole('button', { name: /^Alegeți .*fără decontare directă/ }).first().click();
  const email = uniqueEmail('inapoi');
  await placeOrderAsGuest(page, email);
  await page.waitForURL(/\/payment-processor\/checkout\//, { timeout: 30_000, waitUntil: 'domcontentloaded' });
  const atProcessor = await counts();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Datele dumneavoastră' })).toBeVisible({ timeout: 20_000 });
  expect(page.url()).not.toContain('wait-to-be-redirected');
  expect(page.url()).toContain('step=details');
  await expect(page.getByRole('textbox', { name: 'Prenume', exact: true })).toHaveValue('Ioana');
  await expect(page.getByRole('textbox', { name: 'Telefon mobil', exact: true })).toHaveValue('0722000111');
  await expect(page.getByLabel(/Accept termenii/)).toBeChecked();
  expect(await counts()).toMatchObject({ payments: atProcessor.payments, orders: atProcessor.orders });

  // Only the customer's own "Plasați comanda și plătiți" starts a payment: for the same order.
  await page.getByRole('button', { name: 'Plasați comanda și plătiți' }).click();
  await page.waitForURL(/\/payment-processor\/checkout\//, { timeout: 30_000, waitUntil: 'domcontentloaded' });
  expect(await counts()).toMatchObject({ payments: atProcessor.payments + 1, orders: atProcessor.orders });
  await page.getByRole('button', { name: 'Plătește' }).click();
  await page.waitForURL(/\/thank-you\?/, { timeout: 30_000, waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
});

test.describe('partners come from the registry', () => {
  test('an unknown partner code gets the plain shop; a known one shows the partner name and theme', async ({ page }) => {
    await page.goto('/travel-Banca_Falsa');
    await expect(page.getByRole('heading', { level: 1, name: 'Asigurare de călătorie' })).toBeVisible();
    await expect(page.getByText(/Partener:/)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'broker');

    await page.goto('/travel-ABC');
    await expect(page.getByText('Partener: Banca ABC')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'partner');
  });

  test('a partner visited once does not stick to a later plain /rca purchase', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/rca-abc');
    await expect(page.getByText('Partener: Banca ABC')).toBeVisible();
    const quote = page.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
    await rcaOffersAsPerson(page, '/rca/TM99BRK/VF1RFB00X55123456');
    await expect(page.getByText(/Partener:/)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'broker');
    const { data } = (await (await quote).json()) as { data: { partner_code: string | null } };
    expect(data.partner_code).toBeNull();
  });
});
