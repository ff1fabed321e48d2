import { test, expect } from './fixtures';
import { backendLogin, signUpThroughApi } from './fixtures/auth';

/** /account/security: change the password, and end the other sessions of the account. */
test('changing the password on the security page makes the new one the only one that works', async ({ page, request, backendURL }) => {
  const user = await signUpThroughApi(page);
  await page.goto('/account/security');
  const form = page.getByRole('form', { name: 'Schimbați parola' });
  await form.getByLabel('Parola actuală').fill(user.password);
  await form.getByLabel('Parola nouă', { exact: true }).fill('Parola-Noua-2027');
  await form.getByLabel('Confirmați parola nouă').fill('Parola-Noua-2027');
  await form.getByRole('button', { name: 'Schimbați parola' }).click();
  await expect(page.getByText('Parola a fost schimbată.')).toBeVisible();

  const oldLogin = await request.post(`${backendURL}/api/v1/auth/login`, {
    data: { email: user.email, password: user.password, token: '' },
  });
  expect(oldLogin.status()).toBe(422);
  expect(await backendLogin(request, backendURL, user.email, 'Parola-Noua-2027')).toBeTruthy();
});

test('ending the other sessions signs the other device out and keeps this one', async ({ page, request, backendURL }) => {
  const user = await signUpThroughApi(page);
  const otherDevice = await backendLogin(request, backendURL, user.email, user.password);

  await page.goto('/account/security');
  const sessions = page.getByRole('list', { name: 'Sesiuni active' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('Sesiunea curentă')).toHaveCount(1);
  await page.getByRole('button', { name: 'Închideți celelalte sesiuni' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  const fromOtherDevice = await request.get(`${backendURL}/api/v1/profile`, {
    headers: { authorization: `Bearer ${otherDevice}` },
  });
  expect(fromOtherDevice.status()).toBe(401);
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
});
