import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';

test.describe('content pages', () => {
  test('an FAQ hash deep link opens its answer', async ({ page }) => {
    await page.goto('/faq#cum-platesc');
    const answer = page.locator('details#cum-platesc');
    await expect(answer).toHaveAttribute('open', '');
    await expect(answer.getByText(/Plătiți online cu cardul/)).toBeVisible();
    await expect(page.locator('details#ce-este-rca')).not.toHaveAttribute('open', '');
    await expect(page.getByRole('heading', { level: 2, name: 'Plată și poliță' })).toBeVisible();
  });

  test('the FAQ teaser on the home page links to the answer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Ce este asigurarea RCA?' }).click();
    await expect(page).toHaveURL(/\/faq#ce-este-rca$/);
    await expect(page.locator('details#ce-este-rca')).toHaveAttribute('open', '');
  });

  test('an info page shows its content and the broker identity; an unknown slug is a 404', async ({ page }) => {
    await page.goto('/info/anpc-sal');
    await expect(page.getByRole('heading', { level: 1, name: /ANPC/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'SAL-FIN' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Date de identificare' })).toBeVisible();
    const res = await page.goto('/info/pagina-care-nu-exista');
    expect(res?.status()).toBe(404);
  });

  test('an info page renders the backend\'s body as written, and sanitize-html is in no browser chunk', async ({ page }) => {
    await page.goto('/info/anpc-sal');
    const body = page.locator('article .prose-content');
    await expect(body.getByRole('link', { name: 'anpc.ro', exact: true })).toHaveAttribute('href', 'https://anpc.ro/');
    await expect(body.getByRole('link', { name: 'SAL-FIN' })).toHaveAttribute('rel', 'noopener');
    // The allow-list runs on the server (lib/content/info-pages.ts): neither sanitize-html nor its policy is shipped.
    const chunks = readdirSync('.next/static/chunks', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    const marker = /naughtyHref|allowedSchemesAppliedToAttributes|enforceHtmlBoundary/;
    expect(chunks.filter((f) => marker.test(readFileSync(path.join('.next/static/chunks', f), 'utf8')))).toEqual([]);
  });

  // Maintenance is global on the shared backend: switching it on would stop every other test, so this checks the
  // page's return path with maintenance off (what the visitor sees the moment it ends).
  test('the maintenance page returns to last_url once maintenance is off', async ({ page }) => {
    await page.goto('/maintenance?last_url=%2Ffaq%23cum-platesc');
    await expect(page).toHaveURL(/\/faq#cum-platesc$/);
    await expect(page.locator('details#cum-platesc')).toHaveAttribute('open', '');
  });

  test('the maintenance page never returns to another site', async ({ page }) => {
    await page.goto('/maintenance?last_url=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/localhost:\d+\/$|127\.0\.0\.1:\d+\/$/);
  });
});

// fail-next is global per path on the shared backend: the contact tests run one after the other.
test.describe.serial('contact form', { tag: '@global-state' }, () => {
  test('the contact form sends and confirms', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel(/Nume și prenume/).fill('Ana Test');
    await page.getByLabel(/^Email/).fill('ana.test@exemplu.ro');
    await page.getByLabel(/Subiect/).selectOption('Daună');
    await page.getByLabel(/^Mesaj/).fill('Vreau să deschid o daună pentru polița mea RCA.');
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    await expect(page.getByText('Mesajul a fost trimis')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(/^Mesaj/)).toHaveValue('');
  });

  test('the contact form keeps the input on a server error', async ({ page, failNext }) => {
    await page.goto('/contact-us');
    await page.getByLabel(/Nume și prenume/).fill('Ana Eroare');
    await page.getByLabel(/^Email/).fill('ana.eroare@exemplu.ro');
    await page.getByLabel(/Subiect/).selectOption('Altceva');
    await page.getByLabel(/^Mesaj/).fill('Mesaj care nu trebuie pierdut la o eroare.');
    // Writes are retried once: fail both attempts.
    await failNext('/api/v1/contact-messages', 500, 2);
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Mesajul nu a fost trimis' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(/Nume și prenume/)).toHaveValue('Ana Eroare');
    await expect(page.getByLabel(/^Mesaj/)).toHaveValue('Mesaj care nu trebuie pierdut la o eroare.');
    await expect(page.getByLabel(/Subiect/)).toHaveValue('Altceva');
    // And it goes through on the next try.
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    await expect(page.getByText('Mesajul a fost trimis')).toBeVisible({ timeout: 30_000 });
  });
});
