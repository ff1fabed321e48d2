import { test, expect } from './fixtures';
import { placeOrderAsGuest, randomCnp } from './shop-helpers';

/** Issue 19: an error is announced once, in one wording: on its field, not again in a toast. */
test('a 422 at checkout is shown once, on its field, with no toast repeating it', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/rca/B123ABC/WVWZZZ1JZXW000001');
  await expect(page.getByLabel('Marca')).toHaveValue('Volkswagen', { timeout: 20_000 });
  await page.getByLabel('CNP').fill(randomCnp());
  await page.getByLabel('Data obținerii permisului').fill('2010-05-01');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await page.getByRole('button', { name: /^Alegeți / }).first().click();

  // A guest with the email of an existing account: the backend answers 422 on customer.email.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/store-from-product-page'));
  await placeOrderAsGuest(page, 'client@exemplu.ro');
  expect((await answered).status()).toBe(422);

  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Există deja un cont cu acest email/)).toHaveCount(1);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});
