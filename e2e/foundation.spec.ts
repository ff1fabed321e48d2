import { expect, test } from './fixtures';

/** Issue 2 acceptance: routes and layouts, 404/500, partner routes, themes, navigation, keyboard, h1 and lang. */

const MASTER_ROUTES = [
  '/',
  '/faq',
  '/tire',
  '/house',
  '/travel',
  '/thank-you',
  '/contact-us',
  '/info',
  '/michelin-tiresecureplus',
  '/rca',
  '/rca/B123XYZ',
  '/rca/B123XYZ/WVWZZZ1JZXW000001',
  '/travel-abc',
  '/rca-abc/b123xyz/WVWZZZ1JZXW000001',
];
const MINIMAL_ROUTES = ['/authenticate', '/maintenance', '/wait-to-be-redirected/payment-processor'];
const ACCOUNT_ROUTES = [
  '/account/2fa',
  '/account/2fa-check',
  '/account/orders',
  '/account/vignettes',
  '/account/profile',
  '/account/policies',
  '/account/security',
  '/account/preferences',
];

for (const [layout, routes] of [
  ['master', MASTER_ROUTES],
  ['minimal', MINIMAL_ROUTES],
] as const) {
  for (const route of routes) {
    test(`${route} answers with its page in the ${layout} layout`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
      await expect(page.locator(`main[data-layout="${layout}"]`)).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).not.toBeEmpty();
      await expect(page).toHaveTitle(/Broker Online/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(20);
      if (layout === 'master') {
        await expect(page.getByRole('navigation', { name: 'Produse', exact: true })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText('RBK-1234');
      } else {
        await expect(page.getByRole('navigation', { name: 'Produse', exact: true })).toHaveCount(0);
        await expect(page.getByRole('contentinfo')).toContainText('Asigurări Broker Online SRL');
      }
    });
  }
}

for (const route of ACCOUNT_ROUTES) {
  test(`${route} sends a signed-out visitor to /authenticate with last_url`, async ({ page }) => {
    await page.goto(`${route}?tab=1`);
    await expect(page).toHaveURL((url) => url.pathname === '/authenticate');
    expect(new URL(page.url()).searchParams.get('last_url')).toBe(`${route}?tab=1`);
    await expect(page.locator('main[data-layout="minimal"]')).toBeVisible();
  });
}

test('an unknown path shows the 404 page with "Page Not Found: {path}"', async ({ page }) => {
  const response = await page.goto('/that/path');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /that/path')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('link', { name: 'Înapoi la pagina principală' })).toHaveAttribute('href', '/');
});

test('too many RCA segments is a 404 for that path', async ({ page }) => {
  await page.goto('/rca/B123XYZ/WVWZZZ1JZXW000001/extra');
  await expect(page.getByText('Page Not Found: /rca/B123XYZ/WVWZZZ1JZXW000001/extra')).toBeVisible();
});

test('the RCA partner route keeps its URL and shows partner, plate, VIN and the partner theme', async ({ page }) => {
  const typed = '/rca-abc/b123xyz/WVWZZZ1JZXW000001';
  await page.goto(typed);
  expect(new URL(page.url()).pathname).toBe(typed);
  await expect(page.getByText('Partener: Banca ABC')).toBeVisible();
  // The plate (upper-cased) and the VIN are carried into the page: shown as text or prefilled in the form.
  const shown = () =>
    page.evaluate(() => [
      document.querySelector('main')?.textContent ?? '',
      ...Array.from(document.querySelectorAll<HTMLInputElement>('main input')).map((i) => i.value),
    ]);
  await expect.poll(async () => (await shown()).some((t) => t.includes('B123XYZ'))).toBe(true);
  await expect.poll(async () => (await shown()).some((t) => t.includes('WVWZZZ1JZXW000001'))).toBe(true);
  expect((await shown()).some((t) => t.includes('b123xyz'))).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'partner');
  // The partner's red primary colours the heading.
  await expect(page.locator('h1')).toHaveCSS('color', 'rgb(200, 16, 46)');
});

test('the travel partner route keeps its URL and shows the partner in its theme', async ({ page }) => {
  await page.goto('/travel-abc');
  expect(new URL(page.url()).pathname).toBe('/travel-abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare de călătorie' })).toBeVisible();
  await expect(page.getByText('Partener: Banca ABC')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'partner');
});

test('a visit without a partner uses the broker theme', async ({ page }) => {
  await page.goto('/rca/B123XYZ');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'broker');
  await expect(page.getByText(/Partener:/)).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCSS('color', 'rgb(11, 46, 92)');
});

test('a route that throws shows the Internal Server Error page with status 500', { tag: '@global-state' }, async ({ page, failNext }) => {
  await failNext('/api/v1/info-pages/termeni-si-conditii', 500, 1);
  // A query of its own: the guest page cache may hold a render of the plain URL from the last second.
  const response = await page.goto(`/info/termeni-si-conditii?try=${Date.now()}`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('500');
  await expect(page.getByText('A apărut o eroare neașteptată')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/at \w+ \(|\.tsx?:\d+/); // no stack trace
});

/** Next.js's JavaScript (not its CSS): blocking it shows what the server HTML and the inline script alone paint. */
const BLOCK_APP_JS = (url: URL) => url.pathname.startsWith('/_next/') && url.pathname.endsWith('.js');

test('dark theme follows the system and survives a reload without a flash', async ({ browser }) => {
  // System preference dark, nothing stored: dark before any app JavaScript runs (Next's chunks blocked).
  const darkSystem = await browser.newContext({ colorScheme: 'dark' });
  const first = await darkSystem.newPage();
  await first.route(BLOCK_APP_JS, (route) => route.abort());
  await first.goto('/faq');
  await expect(first.locator('html')).toHaveClass(/\bdark\b/);
  await darkSystem.close();

  // System light; the user toggles to dark; the choice is applied before hydration on reload.
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Activați tema întunecată' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('systemStore') ?? '{}'));
  expect(stored.state).toMatchObject({ isDarkTheme: true, isThemeChangedManually: true });

  await page.route(BLOCK_APP_JS, (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(13, 19, 28)');
  await page.unroute(BLOCK_APP_JS);

  // With the app running the class stays, and toggling back returns to light.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Activați tema luminoasă' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Activați tema luminoasă' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await context.close();
});

test('the page scrolls to a #anchor target, and to the top after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/contact-us#informatii-legale');
  const target = page.locator('#informatii-legale');
  await expect(target).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // A client-side navigation from the bottom of the page lands at the top of the next one.
  await page.getByRole('navigation', { name: 'Produse', exact: true }).getByRole('link', { name: 'Locuință' }).click();
  await expect(page).toHaveURL(/\/house$/);
  await expect(page.locator('h1')).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('keyboard alone reaches every header link', async ({ page }) => {
  // A returning visitor: the cookie banner (first in the Tab order while it asks) has its answer.
  await page.addInitScript(() =>
    localStorage.setItem('systemStore', JSON.stringify({ state: { isCookieConsentAccepted: false }, version: 0 })),
  );
  await page.goto('/faq');
  const header = page.getByRole('banner');
  const links = await header.locator('a:visible').evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThanOrEqual(7);
  const reached = new Set<string>();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const href = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLAnchorElement && el.closest('header') ? el.href : null;
    });
    if (href) reached.add(href);
  }
  for (const href of links) expect(reached, `not reached by Tab: ${href}`).toContain(href);
  // The skip link comes first and jumps to the content.
  await page.goto('/faq');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Sari la conținut' })).toBeFocused();
});

test('on a phone the menu button opens the navigation with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/faq');
  const button = page.getByRole('button', { name: 'Deschideți meniul' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Meniu principal' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'RCA' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
