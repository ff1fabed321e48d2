import { test, expect } from './fixtures';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, randomCnp, uniqueEmail } from './shop-helpers';

/** A guest buys RCA from the plate/VIN route, through the processor, and finds the paid order and the policy. */
test('a guest buys RCA from /rca/B123ABC/WVWZZZ1JZXW000001 and gets the policy', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/rca/B123ABC/WVWZZZ1JZXW000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare RCA' })).toBeVisible();
  await expect(page.getByLabel('Număr de înmatriculare')).toHaveValue('B123ABC');
  await expect(page.getByLabel('Serie de șasiu (VIN)')).toHaveValue('WVWZZZ1JZXW000001');
  // The register lookup fills the technical data.
  await expect(page.getByLabel('Marca')).toHaveValue('Volkswagen', { timeout: 20_000 });
  await expect(page.getByLabel('Modelul')).toHaveValue('Golf');
  await expect(page.getByLabel('Capacitate cilindrică (cm³)')).toHaveValue('1395');

  const cnp = randomCnp();
  await page.getByLabel('CNP').fill(cnp);
  await page.getByLabel('Data obținerii permisului').fill('2010-05-01');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();

  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  const rows = page.getByRole('list', { name: 'Oferte RCA' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(page.getByText('Clasa bonus-malus: ').first()).toBeVisible();
  await expect(page.getByText('Cu decontare directă').first()).toBeVisible();
  await page.getByRole('button', { name: /^Alegeți .*fără decontare directă/ }).first().click();

  const email = uniqueEmail('rca');
  await placeOrderAsGuest(page, email);

  // The guest is a customer now: a second tab on the orders page shows the order awaiting payment…
  await page.waitForURL(/\/payment-processor\/checkout\//, { timeout: 30_000, waitUntil: 'domcontentloaded' });
  const ordersTab = await page.context().newPage();
  await ordersTab.goto('/account/orders');
  const orderCard = ordersTab.getByRole('listitem').filter({ has: ordersTab.getByRole('heading', { name: /Asigurare RCA/ }) });
  await expect(orderCard.getByText('Așteaptă plata', { exact: true })).toBeVisible();
  const navigations: string[] = [];
  ordersTab.on('framenavigated', (frame) => frame === ordersTab.mainFrame() && navigations.push(frame.url()));

  await answerOnProcessor(page, 'Plătește');

  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  const orderId = orderIdOf(page);
  const order = await page.request.get(`/api/v1/orders/${orderId}`);
  expect(order.ok()).toBe(true);
  const { data } = (await order.json()) as { data: { status: string; policy_id: number; product_code: string } };
  expect(data).toMatchObject({ status: 'paid', product_code: 'rca' });

  // …and, without a reload, shows it paid once the processor has confirmed (realtime).
  await expect(orderCard.getByText('Plătită', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(navigations).toEqual([]);
  await ordersTab.close();

  const pdfLink = page.getByRole('link', { name: 'Descărcați polița (PDF)' });
  await expect(pdfLink).toHaveAttribute('href', `/api/v1/policies/${data.policy_id}/document`);
  const pdf = await page.request.get(`/api/v1/policies/${data.policy_id}/document`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  await page.getByRole('link', { name: 'Polițele mele' }).click();
  await expect(page).toHaveURL(/\/account\/policies/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The renewal shortcut of the policies page starts a quote prefilled from the policy (new dates).
  await page.goto(`/rca?renew=${data.policy_id}`);
  await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('B123ABC');
  await expect(page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' })).toHaveValue('WVWZZZ1JZXW000001');
  await expect(page.getByRole('textbox', { name: 'Marca' })).toHaveValue('Volkswagen');
  await expect(page.getByRole('textbox', { name: 'CNP' })).toHaveValue(cnp);
  await expect(page.getByRole('textbox', { name: 'Data obținerii permisului' })).toHaveValue('2010-05-01');
});
