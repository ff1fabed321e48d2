import { test } from './fixtures';
import { signUpThroughApi } from './fixtures/auth';
import {
  AUTH_TEST_TIMEOUT,
  enableAuthenticator,
  enterEmail,
  expect,
  lastMailId,
  signInThroughUi,
  waitForMail,
} from './auth-helpers';

test.describe.configure({ timeout: AUTH_TEST_TIMEOUT });

test('forgotten password: the mailed link resets the password once; the second use fails clearly', async ({
  page,
  backendURL,
}) => {
  const user = await signUpThroughApi(page);
  await page.context().clearCookies();
  const before = await lastMailId(page.request, backendURL, user.email);

  await page.goto('/authenticate');
  await enterEmail(page, user.email);
  await page.getByRole('button', { name: 'Am uitat parola' }).click();
  await expect(page.getByRole('heading', { name: 'Ați uitat parola?' })).toBeVisible();
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Trimiteți linkul de resetare' }).click();
  await expect(page.getByText('Am trimis linkul de resetare')).toBeVisible();

  const link = await waitForMail(page.request, backendURL, user.email, /(\/authenticate\?reset_token=[^\s"'<>]+)/, before);
  const resetPath = link.replace(/&amp;/g, '&');

  const newPassword = 'Parola-Noua-2027';
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Alegeți o parolă nouă' })).toBeVisible();
  await expect(page.getByLabel('Adresa de email', { exact: true })).toHaveValue(user.email);
  await page.getByLabel('Parola nouă', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmați parola nouă').fill(newPassword);
  await page.getByRole('button', { name: 'Salvați parola nouă' }).click();
  await expect(page.getByText('Parola a fost schimbată. Vă puteți autentifica acum cu parola nouă.')).toBeVisible();
  // The single-use link is gone from the address bar.
  await expect(page).toHaveURL('/authenticate');

  // Second use of the same link: a clear message, and the typed passwords stay.
  await page.goto(resetPath);
  await page.getByLabel('Parola nouă', { exact: true }).fill('Alta-Parola-2028');
  await page.getByLabel('Confirmați parola nouă').fill('Alta-Parola-2028');
  await page.getByRole('button', { name: 'Salvați parola nouă' }).click();
  await expect(page.getByRole('form', { name: 'Parolă nouă' }).getByRole('alert')).toHaveText(
    'Linkul de resetare a expirat sau a fost deja folosit.',
  );
  await expect(page.getByLabel('Parola nouă', { exact: true })).toHaveValue('Alta-Parola-2028');

  // The old password no longer works; the new one does.
  await page.goto('/authenticate');
  await signInThroughUi(page, user.email, user.password);
  await expect(page.getByLabel('Parola', { exact: true })).toHaveAccessibleDescription('Email sau parolă greșită.');
  await page.getByLabel('Parola', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('an authenticator set up before the mailbox was proven: the owner\'s reset leads to the account, not the check', async ({
  page,
  backendURL,
}) => {
  // Someone who only knows the address opens the account and turns the authenticator on with a secret of their own.
  const opener = await signUpThroughApi(page, { password: 'Parola-Atacator-2026' });
  await enableAuthenticator(page.request, backendURL, opener.email, opener.password);
  await page.context().clearCookies();
  const before = await lastMailId(page.request, backendURL, opener.email);

  // The mailbox's owner asks for a reset link, as they would for an account they cannot get into.
  await page.goto('/authenticate');
  await enterEmail(page, opener.email);
  await page.getByRole('button', { name: 'Am uitat parola' }).click();
  await page.getByRole('button', { name: 'Trimiteți linkul de resetare' }).click();
  await expect(page.getByText('Am trimis linkul de resetare')).toBeVisible();
  const link = await waitForMail(page.request, backendURL, opener.email, /(\/authenticate\?reset_token=[^\s"'<>]+)/, before);

  const password = 'Parola-Proprietar-2027';
  await page.goto(link.replace(/&amp;/g, '&'));
  await page.getByLabel('Parola nouă', { exact: true }).fill(password);
  await page.getByLabel('Confirmați parola nouă').fill(password);
  await page.getByRole('button', { name: 'Salvați parola nouă' }).click();
  await expect(page.getByText('Parola a fost schimbată. Vă puteți autentifica acum cu parola nouă.')).toBeVisible();
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();

  // Signed in for good: account pages open, none of them sends to /account/2fa-check, and two-factor is off.
  await expect(page).toHaveURL('/');
  await page.goto('/account/security');
  await expect(page).toHaveURL('/account/security');
  await expect(page.getByText('dezactivată').first()).toBeVisible();
  await page.goto('/account/profile');
  await expect(page).toHaveURL('/account/profile');

  // The owner is told why.
  await waitForMail(page.request, backendURL, opener.email, /(fusese configurată înainte ca adresa să fi fost confirmată)/, before);
});
