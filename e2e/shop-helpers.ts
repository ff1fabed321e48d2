import type { Page } from '@playwright/test';
import { cnpControlDigit } from '@/contract/formats';
import { expect } from './fixtures';

/** Helpers of the shop's purchase tests: unique customers, valid CNPs, the details step and the processor page. */
export function uniqueEmail(prefix = 'shop'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemplu.ro`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A random valid CNP of someone born 1970–1988 (never one of the seeded claims histories). */
export function randomCnp(): string {
  const r = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
  // Born 1970–1988: 16 before 2005, so the tests' licence dates (2005-07-01 and later) are never refused as
  // earlier than the owner's sixteenth birthday (1989 births made one payment test fail about once in 40 runs).
  const first12 = `${r(1, 2)}${pad(r(70, 88))}${pad(r(1, 12))}${pad(r(1, 28))}${pad(r(1, 40))}${pad(r(100, 999), 3)}`;
  return first12 + cnpControlDigit(first12);
}

/** Fills the details step as a guest, accepts the consents and places the order. */
export async function placeOrderAsGuest(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Datele dumneavoastră' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Prenume', exact: true }).fill('Ioana');
  await page.getByRole('textbox', { name: 'Nume', exact: true }).fill('Testescu');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Telefon mobil', exact: true }).fill('0722000111');
  await page.getByLabel(/Accept termenii/).check();
  await page.getByLabel(/Am citit fișa produsului/).check();
  await page.getByLabel(/Sunt de acord cu prelucrarea datelor/).check();
  await page.getByRole('button', { name: 'Plasați comanda și plătiți' }).click();
}

/** On the simulated processor's page: pay or refuse, then back on /thank-you. */
export async function answerOnProcessor(page: Page, action: 'Plătește' | 'Refuză') {
  await page.waitForURL(/\/payment-processor\/checkout\//, { timeout: 30_000, waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: action }).click();
  await page.waitForURL(/\/thank-you\?/, { timeout: 30_000, waitUntil: 'domcontentloaded' });
}

/** The order id of the /thank-you URL. */
export function orderIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('order_id');
  if (!id) throw new Error(`no order_id in ${page.url()}`);
  return id;
}
