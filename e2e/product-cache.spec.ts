import { test, expect } from './fixtures';

/** SPEC §3/§4, issue 19: the product pages fill `productStore` (tire in memory only), once per product. */
test('visiting the product pages leaves the three products and the statuses in productStore, the tire product not', async ({ page }) => {
  test.setTimeout(120_000);
  const readStore = () =>
    page.evaluate(() => {
      const raw = localStorage.getItem('productStore');
      return raw ? (JSON.parse(raw) as { state: Record<string, { code?: string; updated_at?: string } | null> }).state : null;
    });
  for (const [path, field, code] of [
    ['/rca', 'rcaProduct', 'rca'],
    ['/travel', 'travelProduct', 'travel'],
    ['/house', 'houseInsuranceProduct', 'house-insurance'],
  ] as const) {
    await page.goto(path);
    await expect.poll(async () => (await readStore())?.[field]?.code).toBe(code);
  }
  await page.goto('/tire');
  await expect(page.getByRole('heading', { level: 1, name: 'Asigurare pentru anvelope' })).toBeVisible();
  const state = await readStore();
  expect(state?.productStatuses?.updated_at).toEqual(expect.any(String));
  expect(state).not.toHaveProperty('tireProduct');
  expect(Object.keys(state ?? {}).sort()).toEqual(['houseInsuranceProduct', 'productStatuses', 'rcaProduct', 'travelProduct']);
});
