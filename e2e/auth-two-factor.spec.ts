import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { signInThroughApi, signUpThroughApi, type TestUser } from './fixtures/auth';
import {
  activateAuthenticatorOnPage,
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

// Playwright starts Chromium without the back/forward cache (--disable-back-forward-cache). A customer's browser has
// it, and it is what could show a page that was left with the recovery codes on screen again: these tests keep it on.
test.use({
  launchOptions: [
    async ({ launchOptions }, provide) => {
      await provide({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

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

/** Turns the authenticator on through /account/2fa for a signed-in customer; the page then shows the recovery codes. */
async function enableOnSetupPage(page: Page): Promise<{ secret: string; recovery: string[]; cacheControl?: string }> {
  const answer = await page.goto('/account/2fa?last_url=%2Faccount%2Fsecurity');
  const secret = await activateAuthenticatorOnPage(page);
  return { secret, recovery: await readRecoveryCodes(page), cacheControl: answer?.headers()['cache-control'] };
}

/** Back on /account/2fa after the codes were shown: two-factor is on, and neither a code nor the key is on the page. */
async function expectNoSecretsAfterBack(page: Page, { secret, recovery }: { secret: string; recovery: string[] }) {
  await expect(page).toHaveURL('/account/2fa?last_url=%2Faccount%2Fsecurity');
  await expect(page.getByText('Autentificarea în doi pași este deja activă pentru contul dumneavoastră.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Coduri de recuperare' })).toHaveCount(0);
  const body = page.locator('body');
  for (const code of recovery) await expect(body).not.toContainText(code);
  await expect(page.getByTestId('two-factor-secret')).toHaveCount(0);
  await expect(body).not.toContainText(secret.replace(/(.{4})/g, '$1 ').trim());
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
  // A slow answer can make the loop send twice (up to 3 mailed codes pass, the newest always): read the code once
  // every mail asked for is delivered, so that the newest one in the outbox is the one typed.
  await expect
    .poll(async () => {
      const queue = await page.request.get(`${backendURL}/dev/mail-queue?to=${encodeURIComponent(user.email)}`);
      return ((await queue.json()) as { data: { status: string }[] }).data.filter((m) => m.status === 'pending').length;
    })
    .toBe(0);
  const checkCode = await waitForMail(page.request, backendURL, user.email, /verificare este: (\d{6})/, seen);
  await page.getByLabel('Codul de verificare').fill(checkCode);
  await page.getByRole('button', { name: 'Verificați și continuați' }).click();
  await expect(page).toHaveURL('/account/orders');
});

test.describe('the recovery codes are shown once: Back never brings them back', () => {
  test('after leaving for another page of the shop: the document is not stored', async ({ page }) => {
    await signUpThroughApi(page);
    const shown = await enableOnSetupPage(page);
    // No cache may keep the document (Chromium then keeps it out of its back/forward cache).
    expect(shown.cacheControl).toContain('no-store');
    // The codes stay while the customer is on the page.
    await expect(page.getByRole('list', { name: 'Coduri de recuperare' })).toBeVisible();

    await page.goto('/faq');
    await expect(page).toHaveURL('/faq');
    // A page restored from the back/forward cache fires no load event: wait for the history step only.
    await page.goBack({ waitUntil: 'commit' });
    await expectNoSecretsAfterBack(page, shown);
  });

  test('after leaving for another page of the shop, in a browser that keeps the page anyway', async ({ page }) => {
    // Keeping a no-store document out of the back/forward cache is Chromium's rule, not every browser's (Safari may
    // keep it): the answers of /account/2fa lose the header here, so that Chromium keeps the page as such a browser would.
    await page.route(/\/account\/2fa\?/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const headers = response.headers();
      delete headers['cache-control'];
      await route.fulfill({ response, headers });
    });
    await signUpThroughApi(page);
    const shown = await enableOnSetupPage(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.goto('/faq');
    await expect(page).toHaveURL('/faq');
    // A page restored from the back/forward cache fires no load event: wait for the history step only.
    await page.goBack({ waitUntil: 'commit' });
    // The very document that showed the codes, restored from the back/forward cache…
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // …shows two-factor on, without them.
    await expectNoSecretsAfterBack(page, shown);
  });

  test('after an in-app link (client-side navigation)', async ({ page }) => {
    await signUpThroughApi(page);
    const shown = await enableOnSetupPage(page);

    // A mark on the document: it is still there after Back only if the client router did both navigations.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Termeni și condiții' }).click();
    await expect(page).toHaveURL('/info/termeni-si-conditii');
    await page.goBack();
    await expectNoSecretsAfterBack(page, shown);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
