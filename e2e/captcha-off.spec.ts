import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Issue 19, item 6: the main run has no reCAPTCHA keys (CAPTCHA_ENABLED=false, playwright.config.ts), so no
 * page may say it is protected by reCAPTCHA nor load Google's script. e2e/captcha.spec.ts shows the opposite
 * with the keys set.
 */

function recaptchaRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('recaptcha')) urls.push(r.url());
  });
  return urls;
}

test('without a site key, sign-in, the contact form and the details step show no reCAPTCHA notice', async ({ page }) => {
  test.setTimeout(120_000);
  const scripts = recaptchaRequests(page);

  await page.goto('/authenticate');
  await expect(page.getByLabel('Adresa de email', { exact: true })).toBeVisible();
  await expect(page.getByText(/reCAPTCHA/)).toHaveCount(0);

  await page.goto('/contact-us');
  await expect(page.getByRole('button', { name: 'Trimiteți mesajul' })).toBeVisible();
  await expect(page.getByText(/reCAPTCHA/)).toHaveCount(0);

  await page.goto('/travel');
  await page.getByRole('textbox', { name: 'Destinația' }).fill('Grecia');
  await page.getByLabel('Data nașterii, călătorul 1').fill('1985-03-14');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await page.getByRole('list', { name: 'Oferte' }).getByRole('button', { name: 'Alegeți oferta' }).first().click({ timeout: 20_000 });
  // A guest on the details step: the place where the notice would be.
  await expect(page.getByRole('button', { name: 'Plasați comanda și plătiți' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Autentificați-vă' })).toBeVisible();
  await expect(page.getByText(/reCAPTCHA/)).toHaveCount(0);

  expect(scripts).toEqual([]);
});
