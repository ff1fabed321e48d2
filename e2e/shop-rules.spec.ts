import { test, expect } from './fixtures';
import { E2E_ADMIN_TOKEN } from './helpers/secrets';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, randomCnp, uniqueEmail } from './shop-helpers';

const ADMIN_TOKEN = E2E_ADMIN_TOKEN;

test('a partner purchase through /rca-abc/… shows the partner theme and records partner abc on the order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/rca-abc/CJ45XYZ/UU1HSDAAG52345678');
  await expect(page).toHaveURL(/\/rca-abc\/CJ45XYZ\/UU1HSDAAG52345678$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'partner');
  await expect(page.getByLabel('Marca')).toHaveValue('Dacia', { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'CNP' }).fill(randomCnp());
  await page.getByLabel('Data obținerii permisului').fill('2012-09-10');
  await page.getByRole('combobox', { name: 'Perioada', exact: true }).selectOption('6');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Alegeți .*cu decontare directă/ }).first().click();
  await placeOrderAsGuest(page, uniqueEmail('partner'));
  await answerOnProcessor(page, 'Plătește');
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  const { data } = (await (await page.request.get(`/api/v1/orders/${orderIdOf(page)}`)).json()) as { data: { partner_code: string | null; status: string } };
  expect(data).toEqual(expect.objectContaining({ partner_code: 'abc', status: 'paid' }));
});

test.describe('an unavailable product', { tag: '@global-state' }, () => {
  test.describe.configure({ mode: 'serial' });

  test('cannot be started on its own page while its flag is off', async ({ page, request, backendURL }) => {
    const flip = (on: boolean) =>
      request.put(`${backendURL}/admin/product-statuses`, {
        headers: { 'X-Admin-Token': ADMIN_TOKEN },
        data: { is_travel_available: on },
      });
    expect((await flip(false)).ok()).toBe(true);
    // A guest's page may come from the web server's page cache, rendered up to a second ago: the change shows
    // on the next render, so look again until it does.
    const reloadUntil = (text: string) =>
      expect(async () => {
        await page.goto('/travel');
        await expect(page.getByText(text)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    try {
      await reloadUntil('Asigurarea de călătorie nu este disponibilă momentan');
      await expect(page.getByRole('heading', { level: 1, name: 'Asigurare de călătorie' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Vedeți ofertele' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Destinația' })).toHaveCount(0);
    } finally {
      expect((await flip(true)).ok()).toBe(true);
    }
    // Back on: the form is there again.
    await expect(async () => {
      await page.goto('/travel');
      await expect(page.getByRole('textbox', { name: 'Destinația' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  });
});

test('invalid plate, VIN, CNP and CUI get Romanian messages on their fields', async ({ page }) => {
  await page.goto('/rca');
  await page.getByRole('textbox', { name: 'Număr de înmatriculare' }).fill('XX12ABC');
  await page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' }).fill('WVWZZZ1JZXW00000O');
  await page.getByRole('textbox', { name: 'CNP' }).fill('1850615400012');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveAccessibleDescription(/Numărul de înmatriculare nu este valid/);
  await expect(page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' })).toHaveAccessibleDescription(/17 caractere: litere fără I, O, Q și cifre/);
  await expect(page.getByRole('textbox', { name: 'CNP' })).toHaveAccessibleDescription(/CNP-ul nu este valid/);
  await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('radio', { name: 'Persoană juridică' }).check();
  await page.getByRole('textbox', { name: 'CUI' }).fill('RO14725830');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('textbox', { name: 'CUI' })).toHaveAccessibleDescription(/CUI-ul nu este valid: verificați cifra de control/);
});

test('plate and VIN are forced to upper case while typing', async ({ page }) => {
  await page.goto('/rca');
  const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
  await plate.pressSequentially('b123abc');
  await expect(plate).toHaveValue('B123ABC');
});

test('a reload mid-form keeps every field, and so does going back from the offers', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/rca');
  const cnp = randomCnp();
  await page.getByRole('textbox', { name: 'Număr de înmatriculare' }).fill('TM99BRK');
  await page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' }).fill('VF1RFB00X55123456');
  await page.getByRole('button', { name: 'Căutați datele vehiculului' }).click();
  await expect(page.getByLabel('Marca')).toHaveValue('Renault', { timeout: 20_000 });
  await page.getByLabel('Mod de utilizare').selectOption('courier');
  await page.getByRole('textbox', { name: 'CNP' }).fill(cnp);
  await page.getByLabel('Data obținerii permisului').fill('2009-02-03');
  await page.getByRole('combobox', { name: 'Perioada', exact: true }).selectOption('3');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('TM99BRK');
  await expect(page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' })).toHaveValue('VF1RFB00X55123456');
  await expect(page.getByLabel('Marca')).toHaveValue('Renault');
  await expect(page.getByLabel('Modelul')).toHaveValue('Clio');
  await expect(page.getByLabel('Mod de utilizare')).toHaveValue('courier');
  await expect(page.getByRole('textbox', { name: 'CNP' })).toHaveValue(cnp);
  await expect(page.getByLabel('Data obținerii permisului')).toHaveValue('2009-02-03');
  await expect(page.getByRole('combobox', { name: 'Perioada', exact: true })).toHaveValue('3');

  // Offers survive a reload too; going back to the data keeps it.
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible();
  await page.getByRole('button', { name: 'Modificați datele' }).click();
  await expect(page.getByRole('textbox', { name: 'CNP' })).toHaveValue(cnp);
});
