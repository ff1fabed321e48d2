import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { signInThroughApi, signUpThroughApi } from './fixtures/auth';
import { AUTH_TEST_TIMEOUT, enableAuthenticator, expect, signInThroughUi } from './auth-helpers';

test.describe.configure({ timeout: AUTH_TEST_TIMEOUT * 2 });

/** Values of `last_url` that must never take the user off the site (sent exactly as written). */
const PAYLOADS = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  'https:evil.example',
  ' //evil.example',
  '\\/\\/evil.example',
  '/\t/evil.example',
  'http://localhost:3100@evil.example',
  '%252F%252Fevil.example',
  '///evil.example',
  'data:text/html,<script>alert(1)</script>',
  // Dot segments that resolve to `//evil.example` (issue 13 item 5).
  '/.//evil.example',
  '/%2e//evil.example',
  '/a/..//evil.example',
  '/x/%2e%2e//evil.example',
];

/** The payloads of the two-factor and maintenance flows: the dot-segment ones and the classics. */
const SHORT_LIST = [
  '/.//evil.example',
  '/%2e//evil.example',
  '/a/..//evil.example',
  '/x/%2e%2e//evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
];

/** Records every request to evil.example and every dialog (a `javascript:` target that ran). */
function watchOffSite(page: Page): string[] {
  const offSite: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/evil\.example/.test(new URL(url).host)) offSite.push(url);
  });
  page.on('dialog', (dialog) => {
    offSite.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return offSite;
}

test('open-redirect attempts through last_url never leave the site after a real sign-in', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await signUpThroughApi(page);
  const offSite = watchOffSite(page);

  for (const payload of PAYLOADS) {
    await test.step(JSON.stringify(payload), async () => {
      await page.context().clearCookies();
      await page.goto(`/authenticate?last_url=${encodeURIComponent(payload)}`);
      await signInThroughUi(page, user.email, user.password);
      await expect(page).toHaveURL(`${origin}/`);
    });
  }
  expect(offSite).toEqual([]);
});

test('open-redirect attempts through last_url never leave the site after the two-factor check', async ({
  page,
  baseURL,
  backendURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const user = await signUpThroughApi(page);
  const { recoveryCodes: recovery } = await enableAuthenticator(page.request, backendURL, user.email, user.password);
  expect(recovery.length).toBeGreaterThanOrEqual(SHORT_LIST.length);
  const offSite = watchOffSite(page);

  for (const [index, payload] of SHORT_LIST.entries()) {
    await test.step(JSON.stringify(payload), async () => {
      await page.goto('about:blank');
      await page.context().clearCookies();
      // A password-only session: the check page is where the proxy sends it.
      await signInThroughApi(page, user.email, user.password);
      await page.goto(`/account/2fa-check?last_url=${encodeURIComponent(payload)}`);
      await page.getByRole('button', { name: /Folosiți un cod de recuperare/ }).click();
      await page.getByLabel('Cod de recuperare').fill(recovery[index]);
      await page.getByRole('button', { name: 'Verificați și continuați' }).click();
      await expect(page).toHaveURL(`${origin}/`);
    });
  }
  expect(offSite).toEqual([]);
});

test('open-redirect attempts through last_url never leave the site from /maintenance', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const offSite = watchOffSite(page);

  // The site is up: /maintenance sends the visitor back to last_url at once, or home when last_url is unsafe.
  await page.goto('/maintenance?last_url=%2Ffaq');
  await expect(page).toHaveURL(`${origin}/faq`);
  for (const payload of SHORT_LIST) {
    await test.step(JSON.stringify(payload), async () => {
      await page.goto(`/maintenance?last_url=${encodeURIComponent(payload)}`);
      await expect(page).toHaveURL(`${origin}/`);
    });
  }
  expect(offSite).toEqual([]);
});
