import { test } from './fixtures';
import { signUpThroughApi, uniqueEmail } from './fixtures/auth';
import { AUTH_TEST_TIMEOUT, enterEmail, expect, waitForMail } from './auth-helpers';

/**
 * Issue 13, items 8 and 12 in the browser: the sign-in form after repeated failures shows the backend's
 * Romanian throttle message and keeps what was typed; a guest checkout's mailed set-password link lets the
 * customer choose a password (common ones refused on the field) and sign in with it.
 */
test.describe.configure({ timeout: AUTH_TEST_TIMEOUT });

test('after five wrong passwords the sign-in form shows the throttle message and keeps what was typed', async ({ page }) => {
  const user = await signUpThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/authenticate');
  await enterEmail(page, user.email);
  const password = page.getByLabel('Parola', { exact: true });
  const submit = page.getByRole('button', { name: 'Autentificare', exact: true });

  for (let i = 1; i <= 5; i++) {
    await password.fill(`Gresita-${i}-2026`);
    await submit.click();
    await expect(password).toHaveAccessibleDescription('Email sau parolă greșită.');
  }

  // The sixth try, even with the right password, waits: the message says how long, in Romanian.
  await password.fill(user.password);
  await submit.click();
  const alert = page.getByRole('form', { name: 'Autentificare' }).getByRole('alert');
  await expect(alert).toHaveText(/^Prea multe încercări nereușite\. Încercați din nou peste (\d+ de secunde|\d+ secunde)\.$/);
  await expect(password).toHaveValue(user.password);
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(user.email);
  await expect(page).toHaveURL(/\/authenticate/);
});

test('a guest checkout mails a set-password link: the customer chooses a password once and signs in with it', async ({
  page,
  backendURL,
}) => {
  const email = uniqueEmail('oaspete');
  const created = await page.request.post(`${backendURL}/api/v1/users/store-from-product-page`, {
    data: { customer: { email, first_name: 'Elena', last_name: 'Marin', phone_number: '0745111222' }, product_id: 'rca', token: '' },
  });
  expect(created.status()).toBe(201);

  const link = await waitForMail(page.request, backendURL, email, /(\/authenticate\?reset_token=[^\s"'<>]+)/);
  const setPath = link.replace(/&amp;/g, '&');
  expect(setPath).toContain('purpose=welcome');

  await page.goto(setPath);
  await expect(page.getByRole('heading', { name: 'Alegeți parola contului' })).toBeVisible();
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(email);

  // A common password is refused on the field by the backend; the link stays usable.
  const choose = async (value: string) => {
    await page.getByLabel('Parola', { exact: true }).fill(value);
    await page.getByLabel('Confirmați parola').fill(value);
    await page.getByRole('button', { name: 'Salvați parola' }).click();
  };
  await choose('Parola123');
  await expect(page.getByLabel('Parola', { exact: true })).toHaveAccessibleDescription(
    /Această parolă este prea des folosită\. Alegeți alta\./,
  );

  const chosen = 'Ploaie-De-Vara-2026';
  await choose(chosen);
  await expect(page.getByText('Parola contului a fost salvată. Vă puteți autentifica acum cu ea.')).toBeVisible();
  await expect(page).toHaveURL('/authenticate');

  await page.getByLabel('Parola', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Contul meu' })).toBeVisible();

  // Second use of the link: refused clearly.
  await page.context().clearCookies();
  await page.goto(setPath);
  await choose('Alta-Ploaie-De-Vara-2027');
  await expect(page.getByRole('form', { name: 'Parola contului' }).getByRole('alert')).toHaveText(
    'Linkul de resetare a expirat sau a fost deja folosit.',
  );
});
