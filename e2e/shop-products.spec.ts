import { test, expect } from './fixtures';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, uniqueEmail } from './shop-helpers';

/** One full purchase each of travel, house and tire, and a refused payment that can be paid again. */

async function expectPaid(page: import('@playwright/test').Page, productCode: string) {
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  const res = await page.request.get(`/api/v1/orders/${orderIdOf(page)}`);
  const { data } = (await res.json()) as { data: { status: string; product_code: string; policy_id: number } };
  expect(data).toMatchObject({ status: 'paid', product_code: productCode });
  const pdf = await page.request.get(`/api/v1/policies/${data.policy_id}/document`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
}

function chooseCheapest(page: import('@playwright/test').Page) {
  return page.getByRole('list', { name: 'Oferte' }).getByRole('button', { name: 'Alegeți oferta' }).first().click();
}

test('a guest buys travel insurance for two travellers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/travel');
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare de călătorie' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Destinația' }).fill('Grecia');
  await page.getByLabel('Data nașterii, călătorul 1').fill('1985-03-14');
  await page.getByRole('button', { name: 'Adăugați un călător' }).click();
  await page.getByLabel('Data nașterii, călătorul 2').fill('2015-07-01');
  await page.getByLabel('Sporturi de iarnă').check();
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  // Sorted by price: the displayed prices never decrease.
  const prices = await page.getByTestId('offer-price').allTextContents();
  const bani = prices.map((p) => Number(p.replace(/[^\d,]/g, '').replace(',', '.')));
  expect(bani.length).toBeGreaterThan(3);
  expect([...bani].sort((a, b) => a - b)).toEqual(bani);
  await chooseCheapest(page);
  await placeOrderAsGuest(page, uniqueEmail('travel'));
  await answerOnProcessor(page, 'Plătește');
  await expectPaid(page, 'travel');
});

test('a guest buys PAD with voluntary house cover', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/house');
  await page.getByLabel('Județ').selectOption('Cluj');
  await page.getByRole('textbox', { name: 'Localitate' }).fill('Cluj-Napoca');
  await page.getByRole('textbox', { name: 'Strada și numărul' }).fill('Str. Memorandumului 10');
  await page.getByRole('textbox', { name: 'Anul construcției' }).fill('1998');
  await page.getByRole('textbox', { name: 'Suprafața utilă (m²)' }).fill('75');
  await page.getByRole('textbox', { name: 'Număr de camere' }).fill('3');
  await page.getByLabel('Adaug asigurarea facultativă').check();
  await page.getByRole('textbox', { name: 'Suma asigurată clădire (lei)' }).fill('250000');
  await page.getByRole('textbox', { name: 'Suma asigurată bunuri (lei)' }).fill('40000');
  await page.getByLabel('Furt prin efracție').check();
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('PAD + asigurare facultativă').first()).toBeVisible();
  await expect(page.getByText('130,00 lei').first()).toBeVisible();
  await chooseCheapest(page);
  await placeOrderAsGuest(page, uniqueEmail('house'));
  await answerOnProcessor(page, 'Plătește');
  await expectPaid(page, 'house-insurance');
});

test('a guest buys tire insurance; a refused payment leaves the order unpaid and can be paid again', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/tire');
  await page.getByRole('textbox', { name: 'Marca anvelopelor' }).fill('Continental');
  await page.getByLabel('Diametrul jantei').selectOption('r17_r19');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await chooseCheapest(page);
  await placeOrderAsGuest(page, uniqueEmail('tire'));

  await answerOnProcessor(page, 'Refuză');
  await expect(page.getByText('Plata nu a reușit. Comanda nu este plătită.')).toBeVisible({ timeout: 20_000 });
  const orderId = orderIdOf(page);
  const refused = await (await page.request.get(`/api/v1/orders/${orderId}`)).json();
  expect(refused.data.status).toBe('payment_failed');

  await page.getByRole('link', { name: 'Plătiți din nou' }).first().click();
  await answerOnProcessor(page, 'Plătește');
  expect(orderIdOf(page)).toBe(orderId);
  await expectPaid(page, 'tire');
});

test('Michelin TireSecure+ has its own landing and form for a set of 4 Michelin tires', async ({ page }) => {
  await page.goto('/michelin-tiresecureplus');
  await expect(page.getByRole('heading', { level: 1, name: 'Michelin TireSecure+' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Marca' })).toHaveValue('Michelin');
  await page.getByRole('button', { name: 'Vedeți prețul garanției' }).click();
  await expect(page.getByRole('textbox', { name: /Numărul facturii/ })).toHaveAccessibleDescription('Introduceți numărul facturii.');
  await page.getByRole('textbox', { name: /Numărul facturii/ }).fill('FV-2026/001');
  await page.getByRole('button', { name: 'Vedeți prețul garanției' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 3, name: /Allianz/ })).toBeVisible();
});
