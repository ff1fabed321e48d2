import { test, expect } from './fixtures';
import { DEMO_EMAIL, DEMO_PASSWORD, registerFreshCustomer, signInThroughBff } from './helpers/content-account';

test.describe('account pages of the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughBff(page, DEMO_EMAIL, DEMO_PASSWORD);
  });

  test('orders list product, insurer, amount, status and date', async ({ page }) => {
    await page.goto('/account/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Comenzile mele' })).toBeVisible();
    const orders = page.getByRole('list', { name: 'Comenzi' }).getByRole('listitem');
    await expect(orders.first()).toBeVisible();
    const paid = orders.filter({ hasText: 'Plătită' }).first();
    await expect(paid).toContainText(/\d+,\d{2} lei/);
    await expect(paid).toContainText(/Comanda BRK-/);
    await expect(paid).toContainText(/\d{4}, \d{2}:\d{2}/);
  });

  test('policies are grouped, the PDF downloads and expiring ones offer a renewal', async ({ page }) => {
    await page.goto('/account/policies');
    await expect(page.getByRole('heading', { level: 1, name: 'Polițele mele' })).toBeVisible();
    const expiring = page.getByRole('region', { name: /Expiră în următoarele 30 de zile/ });
    await expect(expiring).toBeVisible();
    await expect(page.getByRole('region', { name: /Expirate/ })).toBeVisible();
    const renew = expiring.getByRole('link', { name: 'Reînnoiți' }).first();
    await expect(renew).toHaveAttribute('href', /^\/(rca|travel|house|tire)\?renew=\d+$/);

    const pdfLink = page.getByRole('link', { name: 'Descărcați polița (PDF)' }).first();
    const href = await pdfLink.getAttribute('href');
    const res = await page.context().request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 4).toString()).toBe('%PDF');
    const download = page.waitForEvent('download');
    await pdfLink.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});

test.describe.serial('profile and preferences of a fresh customer', () => {
  test('a customer who bought nothing sees the empty states', async ({ page }) => {
    await registerFreshCustomer(page);
    await page.goto('/account/policies');
    await expect(page.getByRole('heading', { name: 'Nu aveți încă polițe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cumpărați o asigurare' })).toBeVisible();
    await page.goto('/account/orders');
    await expect(page.getByRole('heading', { name: 'Nu aveți încă nicio comandă' })).toBeVisible();
  });

  test('a profile update persists across a reload', async ({ page }) => {
    const email = await registerFreshCustomer(page);
    await page.goto('/account/profile');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel(/^Prenume/).fill('Maria-Ioana');
    await page.getByLabel('Județ').selectOption('Cluj');
    await page.getByLabel('Localitate').fill('Cluj-Napoca');
    await page.getByLabel(/Stradă/).fill('Str. Horea nr. 5');
    await page.getByLabel('Cod poștal').fill('400174');
    await page.getByRole('button', { name: 'Salvați modificările' }).click();
    await expect(page.getByText('Datele au fost salvate.')).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(page.getByLabel(/^Prenume/)).toHaveValue('Maria-Ioana');
    await expect(page.getByLabel('Localitate')).toHaveValue('Cluj-Napoca');
    await expect(page.getByLabel('Cod poștal')).toHaveValue('400174');
  });

  test('preferences save and the dark theme applies', async ({ page }) => {
    await registerFreshCustomer(page);
    await page.goto('/account/preferences');
    await page.getByRole('radio', { name: 'Întunecată' }).check();
    await page.getByLabel('Vreau oferte și noutăți prin SMS').check();
    await page.getByLabel('Limba datelor calendaristice').selectOption('en');
    await page.getByRole('button', { name: 'Salvați preferințele' }).click();
    await expect(page.getByText('Preferințele au fost salvate.')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Întunecată' })).toBeChecked();
    await expect(page.getByLabel('Vreau oferte și noutăți prin SMS')).toBeChecked();
    await expect(page.getByLabel('Limba datelor calendaristice')).toHaveValue('en');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

test('an account page without a session goes to sign-in and comes back', async ({ page }) => {
  await page.goto('/account/policies');
  await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fpolicies/);
});
