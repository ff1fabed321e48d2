import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { randomCnp } from './shop-helpers';

/**
 * Issue 19: no focused element is ever hidden under the sticky header or the cookie banner (WCAG 2.4.11), in
 * either Tab direction, and focus follows the purchase from step to step.
 */

type FocusReport = { label: string; visible: number; height: number } | null;

/** Waits until the page has stopped scrolling (a smooth scroll into view), then measures the focused element. */
async function focusedVisibility(page: Page): Promise<FocusReport> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A smooth scroll may start a frame or two after the focus moved: wait for six quiet frames in a row.
    let last = -1;
    let quiet = 0;
    for (let i = 0; i < 240 && quiet < 6; i++) {
      await frame();
      quiet = window.scrollY === last ? quiet + 1 : 0;
      last = window.scrollY;
    }
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || rect.width === 0) return null;
    const band = (selector: string) => {
      const cover = document.querySelector<HTMLElement>(selector);
      if (!cover || cover.contains(element) || getComputedStyle(cover).display === 'none') return null;
      return cover.getBoundingClientRect();
    };
    const header = band('body > header');
    const banner = band('[data-cookie-banner]');
    // The part of the element that is on screen and under neither the header (top) nor the banner (bottom).
    const top = Math.max(rect.top, 0, header && header.top <= 0 ? header.bottom : 0);
    const bottom = Math.min(rect.bottom, window.innerHeight, banner ? banner.top : Infinity);
    const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.getAttribute('name') || '';
    return { label: `${element.tagName.toLowerCase()} "${name}" at y ${Math.round(rect.top)}–${Math.round(rect.bottom)}`, visible: Math.max(0, bottom - top), height: rect.height };
  });
}

/** Presses `key` up to `max` times (or until focus comes back to where it started) and checks every stop. */
async function walkFocus(page: Page, key: 'Tab' | 'Shift+Tab', max: number): Promise<number> {
  const hidden: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const report = await focusedVisibility(page);
    if (!report) continue;
    if (seen.has(report.label) && stops > 3) break;
    seen.add(report.label);
    stops++;
    // Never fully hidden (WCAG 2.4.11), and in practice at least half of it in view.
    if (report.visible <= 0 || report.visible < report.height / 2) hidden.push(`${report.label}: ${Math.round(report.visible)} px visible`);
  }
  expect(hidden, `${key}: focused elements hidden under the header or the banner`).toEqual([]);
  return stops;
}

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1350, height: 900 } },
  { name: 'small desktop', viewport: { width: 1280, height: 720 } },
  { name: 'phone', viewport: { width: 412, height: 823 } },
]) {
  test(`home page with the cookie banner open (${name}): Tab and Shift+Tab never stop under the header or the banner`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Folosim cookie-uri' });
    await expect(banner).toBeVisible();
    await expect(page.locator('next-route-announcer')).toBeAttached();
    // The banner comes first in the Tab order: its policy link, then its two choices.
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Politica de cookie-uri' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Doar esențiale' })).toBeFocused();
    expect(await walkFocus(page, 'Tab', 120)).toBeGreaterThan(20);
    expect(await walkFocus(page, 'Shift+Tab', 120)).toBeGreaterThan(20);
  });
}

test('choosing in the cookie banner leaves focus on the page content, not on nothing', async ({ page }) => {
  await page.goto('/faq');
  const banner = page.getByRole('region', { name: 'Folosim cookie-uri' });
  await expect(page.locator('next-route-announcer')).toBeAttached();
  await banner.getByRole('button', { name: 'Doar esențiale' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect(page.locator('main#continut')).toBeFocused();
});

test('the RCA purchase: focus never hidden, the vehicle lookup keeps focus, each step takes focus to its heading', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/rca/B123ABC/WVWZZZ1JZXW000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare RCA' })).toBeVisible();
  await expect(page.getByLabel('Marca')).toHaveValue('Volkswagen', { timeout: 20_000 });

  // The lookup button disables nothing while it works: the keyboard user stays on it.
  const lookup = page.getByRole('button', { name: /Căutați datele vehiculului/ });
  await lookup.focus();
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/vehicles/lookup'));
  await page.keyboard.press('Enter');
  await answered;
  await expect(lookup).not.toHaveAttribute('aria-busy', 'true');
  await expect(lookup).toBeFocused();

  await walkFocus(page, 'Tab', 80);
  await walkFocus(page, 'Shift+Tab', 80);

  await page.getByLabel('CNP').fill(randomCnp());
  await page.getByLabel('Data obținerii permisului').fill('2010-05-01');
  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  const offersHeading = page.getByRole('heading', { name: 'Ofertele asigurătorilor' });
  await expect(offersHeading).toBeFocused({ timeout: 20_000 });

  await page.getByRole('button', { name: /^Alegeți / }).first().click();
  const detailsHeading = page.locator('#details-heading');
  await expect(detailsHeading).toBeFocused({ timeout: 20_000 });

  await walkFocus(page, 'Tab', 80);
  await walkFocus(page, 'Shift+Tab', 80);

  // An invalid submit: the first invalid field takes focus and is brought into view, below the header.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.getByRole('button', { name: /Plasați comanda/ }).click();
  const firstInvalid = page.locator('[aria-invalid="true"]').first();
  await expect(firstInvalid).toBeFocused();
  const report = await focusedVisibility(page);
  expect(report?.visible ?? 0).toBeGreaterThanOrEqual((report?.height ?? 1) - 1);
});
