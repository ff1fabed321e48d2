import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { signInThroughApi, signUpThroughApi, type TestUser } from './fixtures/auth';
import {
  AUTH_TEST_TIMEOUT,
  expect,
  lastMailId,
  logoutThroughUi,
  setUserFlags,
  signInThroughUi,
  totpSource,
  waitForMail,
  wrongTotp,
} from './auth-helpers';

test.describe.configure({ timeout: AUTH_TEST_TIMEOUT * 2 });

const ACCOUNT_PAGES = ['/account/orders', '/account/profile', '/account/policies', '/account/security', '/account/preferences'];

/** A new browser session for the same user (cookies dropped, signed in again through the BFF). */
async function newSession(page: Page, user: TestUser) {
  // Leave the app first: an open page's own BFF calls would issue a new XSRF cookie mid-sign-in.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInThroughApi(page, user.email, user.password);
}

async function readRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Coduri de recuperare' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  return (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
}

test('authenticator: enable, check on sign-in, recovery code once, disable', async ({ page }) => {
  const user = await signUpThroughApi(page);

  // Turn it on from the security page.
  await page.goto('/account/security');
  await expect(page.getByText('dezactivată').first()).toBeVisible();
  await page.getByRole('link', { name: 'Activați autentificarea în doi pași' }).click();
  await expect(page).toHaveURL('/account/2fa?last_url=%2Faccount%2Fsecurity');
  await page.getByRole('radio', { name: /Aplicație de autentificare/ }).check();
  await page.getByRole('button', { name: 'Continuați' }).click();
  await expect(page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeVisible();
  const shownKey = await page.getByTestId('two-factor-secret').textContent();
  const secret = (shownKey ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = totpSource(secret);

  const setupInput = page.getByLabel('Codul de 6 cifre');
  await expect(setupInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(setupInput).toHaveAttribute('inputmode', 'numeric');
  await setupInput.fill(await code());
  await page.getByRole('button', { name: 'Activați', exact: true }).click();
  const recovery = await readRecoveryCodes(page);
  await page.getByRole('button', { name: 'Am salvat codurile, continuați' }).click();
  await expect(page).toHaveURL('/account/security');
  await expect(page.getByText('activată', { exact: false }).first()).toBeVisible();

  // Sign out and in again: account pages need the second factor first.
  await logoutThroughUi(page);
  await page.goto('/authenticate');
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account\/2fa-check\?last_url=/);
  await page.goto('/account/orders');
  await expect(page).toHaveURL('/account/2fa-check?last_url=%2Faccount%2Forders');

  const checkInput = page.getByLabel('Codul de verificare');
  await checkInput.fill(await wrongTotp(secret));
  await page.getByRole('button', { name: 'Verificați și continuați' }).click();
  await expect(checkInput).toHaveAccessibleDescription('Codul nu a fost acceptat. Verificați-l și încercați din nou.');
  await expect(page).toHaveURL('/account/2fa-check?last_url=%2Faccount%2Forders');

  await checkInput.fill(await code());
  await page.getByRole('button', { name: 'Verificați și continuați' }).click();
  await expect(page).toHaveURL('/account/orders');

  // A recovery code passes the check once.
  for (const attempt of ['first', 'second'] as const) {
    await newSession(page, user);
    await page.goto('/account/orders');
    await expect(page).toHaveURL('/account/2fa-check?last_url=%2Faccount%2Forders');
    await page.getByRole('button', { name: /Folosiți un cod de recuperare/ }).click();
    await page.getByLabel('Cod de recuperare').fill(recovery[0]);
    await page.getByRole('button', { name: 'Verificați și continuați' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL('/account/orders');
    } else {
      await expect(page.getByLabel('Cod de recuperare')).toHaveAccessibleDescription(
        'Codul de recuperare nu este valid sau a fost deja folosit.',
      );
      await expect(page).toHaveURL(/\/account\/2fa-check/);
      await page.getByLabel('Cod de recuperare').fill(recovery[1]);
      await page.getByRole('button', { name: 'Verificați și continuați' }).click();
      await expect(page).toHaveURL('/account/orders');
    }
  }

  // Turn it off again with a current code.
  await page.goto('/account/security');
  await page.getByLabel('Codul de verificare').fill(await code());
  await page.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }).click();
  await expect(page.getByText('Autentificarea în doi pași a fost dezactivată.')).toBeVisible();
  await newSession(page, user);
  await page.goto('/account/orders');
  await expect(page).toHaveURL('/account/orders');
});

test('two-factor required: every account page sends to /account/2fa; the email provider sets up and checks', async ({
  page,
  backendURL,
}) => {
  const user = await signUpThroughApi(page);
  await setUserFlags(page.request, backendURL, user.email, { is_two_factor_required: true });
  await newSession(page, user);

  for (const path of ACCOUNT_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(`/account/2fa?last_url=${encodeURIComponent(path)}`);
  }

  // Set up the email provider with the code from the outbox, then continue to the page asked for.
  let seen = await lastMailId(page.request, backendURL, user.email);
  await page.getByRole('radio', { name: /Cod prin email/ }).check();
  await page.getByRole('button', { name: 'Continuați' }).click();
  await expect(page.getByRole('heading', { name: 'Introduceți codul primit pe email' })).toBeVisible();
  const setupCode = await waitForMail(page.request, backendURL, user.email, /verificare este: (\d{6})/, seen);
  seen = await lastMailId(page.request, backendURL, user.email);
  await page.getByLabel('Codul de 6 cifre').fill(setupCode);
  await page.getByRole('button', { name: 'Activați', exact: true }).click();
  await readRecoveryCodes(page);
  await page.getByRole('button', { name: 'Am salvat codurile, continuați' }).click();
  await expect(page).toHaveURL('/account/preferences');

  // New session: the check sends a code by email; the backend allows one per 30 s, so retry until it is sent.
  await newSession(page, user);
  await page.goto('/account/orders');
  await expect(page).toHaveURL('/account/2fa-check?last_url=%2Faccount%2Forders');
  const send = page.getByRole('button', { name: /Trimiteți codul pe email|Retrimiteți codul/ });
  await expect(async () => {
    await send.click();
    await expect(page.getByText(/Am trimis un cod de 6 cifre/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000, intervals: [3_000] });
  const checkCode = await waitForMail(page.request, backendURL, user.email, /verificare este: (\d{6})/, seen);
  await page.getByLabel('Codul de verificare').fill(checkCode);
  await page.getByRole('button', { name: 'Verificați și continuați' }).click();
  await expect(page).toHaveURL('/account/orders');
});
