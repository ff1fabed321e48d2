import { test } from './fixtures';
import { signUpThroughApi } from './fixtures/auth';
import { AUTH_TEST_TIMEOUT, expect, signInThroughUi } from './auth-helpers';

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
];

test('open-redirect attempts through last_url never leave the site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await signUpThroughApi(page);
  const offSite: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/evil\.example/.test(new URL(url).host)) offSite.push(url);
  });
  page.on('dialog', (dialog) => {
    offSite.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });

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
