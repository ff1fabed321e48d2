import { test, expect } from './fixtures';
import { setProductFlags } from './helpers/content-account';

test.describe('home page', () => {
  test('shows the four products and the vignette flags', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const products = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Asigurare RCA' }) });
    for (const name of ['Asigurare RCA', 'Asigurare de călătorie', 'Asigurare de locuință', 'Asigurare de anvelope']) {
      await expect(products.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })).toBeVisible();
    }
    const vignettes = page.getByRole('region', { name: 'Viniete' });
    await expect(vignettes.getByText('Rovinieta România')).toBeVisible();
    await expect(vignettes.getByText(/Vigneta Ungaria/)).toBeVisible();
    await expect(vignettes.getByText(/^(Disponibilă|Indisponibilă)$/)).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Asigurători parteneri' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Toate întrebările frecvente' })).toHaveAttribute('href', '/faq');
  });
});

// Flags are global on the shared backend: one serial block, flag restored right after.
test.describe.serial('unavailable product', { tag: '@global-state' }, () => {
  test.afterAll(async ({ request, backendURL }) => {
    await setProductFlags(request, backendURL, { is_house_insurance_available: true, is_hu_vignette_available: false });
  });

  test('cannot be started from the home page, and the page follows the flag live', async ({ page, request, backendURL }) => {
    await setProductFlags(request, backendURL, { is_house_insurance_available: false });
    await page.goto('/');
    const house = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Asigurare de locuință' }) });
    await expect(house.getByText(/Momentan indisponibil/)).toBeVisible();
    await expect(house.getByRole('link')).toHaveCount(0);

    // Back on while the page stays open: the card offers the product again without a reload.
    await setProductFlags(request, backendURL, { is_house_insurance_available: true, is_hu_vignette_available: true });
    await expect(house.getByRole('link', { name: 'Calculați locuința' })).toBeVisible({ timeout: 25_000 });
    const hu = page.getByRole('listitem').filter({ hasText: 'Vigneta Ungaria' });
    await expect(hu.getByText('Disponibilă', { exact: true })).toBeVisible();
    await house.getByRole('link', { name: 'Calculați locuința' }).click();
    await expect(page).toHaveURL(/\/house$/);
  });

  test('a guest\'s home page hears a flag change on the public channel', async ({ page, request, backendURL }) => {
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/app/')) ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    await page.goto('/');
    const house = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Asigurare de locuință' }) });
    await expect(house.getByRole('link', { name: 'Calculați locuința' })).toBeVisible();
    // Signed out, the tab still subscribes to the public `site` channel: once the visitor interacts (or 10 s
    // after the page started; never during its load).
    await house.hover();
    await expect
      .poll(() => frames.some((f) => f.includes('subscription_succeeded') && f.includes('"site"')), { timeout: 15_000 })
      .toBe(true);
    await setProductFlags(request, backendURL, { is_house_insurance_available: false });
    await expect.poll(() => frames.some((f) => f.includes('product-statuses.updated')), { timeout: 10_000 }).toBe(true);
    await expect(house.getByText(/Momentan indisponibil/)).toBeVisible({ timeout: 5_000 });
    await setProductFlags(request, backendURL, { is_house_insurance_available: true });
    await expect(house.getByRole('link', { name: 'Calculați locuința' })).toBeVisible({ timeout: 10_000 });
  });
});
