import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInThroughApi } from './fixtures/auth';

/**
 * axe-core on every route, signed out and signed in, light and dark (issue 7): no serious or critical
 * violations. The signed-in account pages use the demo customer.
 */

const PUBLIC_ROUTES = [
  '/',
  '/faq',
  '/tire',
  '/house',
  '/travel',
  '/travel-abc',
  '/thank-you',
  '/contact-us',
  '/info/termeni-si-conditii',
  '/michelin-tiresecureplus',
  '/rovinieta',
  '/vigneta-ungaria',
  '/rca',
  '/rca/B123ABC/WVWZZZ1JZXW000001',
  '/rca-abc/B123ABC',
  '/authenticate',
  '/maintenance',
  '/wait-to-be-redirected/payment-processor',
  '/does-not-exist',
];
const ACCOUNT_ROUTES = [
  '/account/orders',
  '/account/policies',
  '/account/vignettes',
  '/account/profile',
  '/account/security',
  '/account/preferences',
  '/account/2fa',
];

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect.soft(serious, label).toEqual([]);
}

async function signInAsDemo(page: Page) {
  await signInThroughApi(page, 'client@exemplu.ro', 'Parola-Demo-2026');
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test('public routes, signed out', async ({ page }) => {
      test.setTimeout(180_000);
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await expect(page.locator('h1').first()).toBeVisible();
        if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
        await expectNoSeriousViolations(page, `${scheme} ${route}`);
      }
    });

    test('account routes, signed in', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsDemo(page);
      for (const route of ACCOUNT_ROUTES) {
        await page.goto(route);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectNoSeriousViolations(page, `${scheme} ${route}`);
      }
    });
  });
}

test('motion is reduced when the user asks for it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const duration = await page.evaluate(() => {
    const el = document.querySelector('main *') as HTMLElement | null;
    return el ? getComputedStyle(el).transitionDuration : '0s';
  });
  expect(['0s', '0.00001s', '1e-05s']).toContain(duration.split(',')[0].trim());
});
