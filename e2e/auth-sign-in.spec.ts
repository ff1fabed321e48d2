import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { TEST_PASSWORD, signUpThroughApi, uniqueEmail } from './fixtures/auth';
import { AUTH_TEST_TIMEOUT, enterEmail, expect, logoutThroughUi, signInThroughUi } from './auth-helpers';

test.describe.configure({ timeout: AUTH_TEST_TIMEOUT });

/** Issue 5 acceptance: registration, sign in and out, wrong password, deleted account, guest/auth gates. */

async function registerThroughUi(page: import('@playwright/test').Page, email: string) {
  await page.goto('/authenticate');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Creați un cont nou' })).toBeVisible();
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Nume', { exact: true }).fill('Popescu');
  await page.getByLabel('Prenume').fill('Ana-Maria');
  await page.getByLabel('Telefon mobil').fill('0722 123 456');
  await page.getByLabel('Parola', { exact: true }).fill('scurta');
  await page.getByLabel('Confirmați parola').fill('altceva');
  await page.getByRole('button', { name: 'Creați contul' }).click();
  // Browser-side validation with the shared schema: nothing was sent, every message is on its field.
  await expect(page.getByText('Parola trebuie să aibă cel puțin 8 caractere.')).toBeVisible();
  await expect(page.getByText('Parolele nu coincid.')).toBeVisible();
  await expect(page.getByText('Trebuie să acceptați termenii și condițiile.')).toBeVisible();
  await expect(page.getByLabel('Prenume')).toHaveValue('Ana-Maria');
  await page.getByLabel('Parola', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirmați parola').fill(TEST_PASSWORD);
  await page.getByLabel(/accept termenii și condițiile/).check();
  await page.getByLabel(/prelucrarea datelor personale/).check();
  await page.getByRole('button', { name: 'Creați contul' }).click();
}

test.describe('sign in and registration', () => {
  test('register → signed in → logout → sign in again', async ({ page }) => {
    const email = uniqueEmail('inregistrare');
    await registerThroughUi(page, email);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Contul meu' })).toBeVisible();
    await page.goto('/account/profile');
    await expect(page).toHaveURL('/account/profile');

    await logoutThroughUi(page);
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fprofile$/);

    await signInThroughUi(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL('/account/profile');
  });

  test('an account whose register answer was lost is signed into when the form is sent again', async ({ page }) => {
    const email = uniqueEmail('raspuns-pierdut');
    let lost = false;
    await page.route('**/api/v1/auth/register', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch(); // the backend creates the account and its session…
      await route.abort('connectionreset'); // …and the answer never reaches the browser
    });
    await registerThroughUi(page, email);
    await expect(page.getByText('A apărut o eroare. Vă rugăm să încercați din nou.')).toBeVisible();
    await expect(page).toHaveURL('/authenticate');
    // Sent again: "email taken" (register answers are never replayed), so the shop signs in with what was typed.
    await page.getByRole('button', { name: 'Creați contul' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Contul meu' })).toBeVisible();
    await page.goto('/account/profile');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Prenume')).toHaveValue('Ana-Maria');
  });

  test('the stored user follows the session; a logout in one tab signs every tab out and clears it', async ({ page }) => {
    const storedAuth = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem('authStore') ?? 'null')?.state ?? null);
    const user = await signUpThroughApi(page);
    await page.goto('/account/profile');
    // The page re-reads the user after hydration (GET /api/v1/auth/user) and the store keeps it.
    await expect.poll(() => storedAuth(page)).toMatchObject({ authenticated: true, user: { email: user.email } });
    const other = await page.context().newPage();
    // Not a page that reads its list again once its realtime channel is subscribed (orders, policies, vignettes):
    // that call, crossing the logout, would end this tab's session itself with a 401 (to sign-in, not home).
    await other.goto('/account/preferences');
    await expect(other.getByRole('button', { name: 'Contul meu' })).toBeVisible();

    await logoutThroughUi(page);
    await expect(other).toHaveURL('/');
    await expect(other.getByRole('link', { name: 'Contul meu' })).toBeVisible();
    expect(await storedAuth(other)).toEqual({ authenticated: false, user: null });
    await other.goto('/account/preferences');
    await expect(other).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fpreferences$/);
  });

  test('a wrong password shows the error on the field and keeps the email', async ({ page }) => {
    const user = await signUpThroughApi(page);
    await page.context().clearCookies();
    await page.goto('/authenticate');
    await enterEmail(page, user.email);
    await page.getByLabel('Parola', { exact: true }).fill('Gresita-2026');
    await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
    const password = page.getByLabel('Parola', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Email sau parolă greșită.');
    await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(user.email);
    await expect(page).toHaveURL(/\/authenticate/);
    // The corrected password works from the same form.
    await password.fill(user.password);
    await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('a deleted account sees the deleted-account message and a way to contact the broker', async ({ page }) => {
    await page.goto('/authenticate');
    await enterEmail(page, 'sters@exemplu.ro');
    const notice = page.getByRole('alert').filter({ hasText: 'a fost șters' });
    await expect(notice).toContainText('sters@exemplu.ro');
    await expect(page.getByRole('link', { name: 'Contactați-ne' })).toHaveAttribute('href', '/contact-us');
    await expect(page.getByLabel('Parola', { exact: true })).toHaveCount(0);
  });

  test('a signed-in visitor to /authenticate goes home', async ({ page }) => {
    await signUpThroughApi(page);
    await page.goto('/authenticate?last_url=%2Faccount%2Forders');
    await expect(page).toHaveURL('/');
  });

  for (const path of ['/account/orders', '/account/policies', '/account/preferences', '/account/security']) {
    test(`a signed-out visitor to ${path} comes back to it after signing in`, async ({ page }) => {
      const user = await signUpThroughApi(page);
      await page.context().clearCookies();
      await page.goto(path);
      await expect(page).toHaveURL(`/authenticate?last_url=${encodeURIComponent(path)}`);
      await signInThroughUi(page, user.email, user.password);
      await expect(page).toHaveURL(path);
    });
  }

  test('without a Google client id the Google button says so', async ({ page }) => {
    await page.goto('/authenticate');
    await expect(page.getByRole('button', { name: 'Continuați cu Google' })).toBeDisabled();
    await expect(page.getByText(/Autentificarea cu Google nu este disponibilă|Serviciul Google nu a putut fi încărcat/)).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('registers and lands signed in, without horizontal scrolling', async ({ page }) => {
    const email = uniqueEmail('telefon');
    await registerThroughUi(page, email);
    await expect(page).toHaveURL('/');
    await page.goto('/authenticate');
    await expect(page).toHaveURL('/');
  });

  test('the authenticate page fits the screen', async ({ page }) => {
    await page.goto('/authenticate');
    await enterEmail(page, uniqueEmail('lat'));
    await expect(page.getByRole('heading', { name: 'Creați un cont nou' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('logout while the backend fails', { tag: '@global-state' }, () => {
  test('the customer is signed out at once and the token stops working once the backend is back', async ({ page, request, backendURL, failNext }) => {
    await signUpThroughApi(page);
    await page.goto('/account/profile');
    const token = (await page.context().cookies()).find((c) => c.name === 'bs_session')?.value;
    expect(token).toBeTruthy();
    const userStatus = async () => (await request.get(`${backendURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${token}` } })).status();
    expect(await userStatus()).toBe(200);

    // The backend refuses the first revocation; the web server retries it in the background.
    await failNext('/api/v1/auth/logout', 503, 1);
    await logoutThroughUi(page);
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/authenticate\?last_url=%2Faccount%2Fprofile$/);
    await expect.poll(userStatus, { timeout: 15_000 }).toBe(401);
  });
});
