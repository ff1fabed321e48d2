import type { APIRequestContext } from '@playwright/test';
import { signUpThroughApi } from './fixtures/auth';
import { test, expect } from './fixtures';
import { startBackendProcess, tempDatabase, type BackendProcess } from './helpers/backend-process';
import { randomCnp } from './shop-helpers';

/**
 * Issue 18 items 1 and 3, issue 14 item 3: the home page's plate box, the expiry reminders and their renewal links,
 * renewals of every product starting the day after the old policy ends, and the account's expires-soon banner.
 */

const SEE_OFFERS = /^Ve(zi|deți) ofertele$/;
/** Ports of servers this spec starts itself: ≥ 4350 on the default layout (the test backend's port + 50). */
const OWN_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 4100) + 50;

/** The Bucharest calendar day `offset` days from now. */
function bucharestDay(offset = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const golf = {
  registration_plate: 'B123ABC',
  vin: 'WVWZZZ1JZXW000001',
  vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
  period_months: 12,
};

type Policy = { id: number; ends_on: string; starts_on: string; input: Record<string, unknown> };

/** A paid policy of `email` ending on `endsOn` (the backend's dev endpoint; the policy's start follows from its length). */
async function givePolicy(request: APIRequestContext, backendURL: string, email: string, body: Record<string, unknown>): Promise<Policy> {
  const res = await request.post(`${backendURL}/dev/users/${encodeURIComponent(email)}/policies`, { data: body });
  if (!res.ok()) throw new Error(`dev policy answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: Policy }).data;
}

const rcaPolicy = (endsOn: string) => ({
  product_code: 'rca', ends_on: endsOn, months: 12, insured_object: 'B123ABC',
  input: { ...golf, owner: { type: 'person', cnp: randomCnp(), driving_licence_date: '2008-04-01' } },
});

/** Reminder mails delivered to `email`, newest first (the queue is flushed first). */
async function reminders(request: APIRequestContext, backendURL: string, email: string) {
  await request.post(`${backendURL}/dev/mail-queue/deliver`);
  const res = await request.get(`${backendURL}/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = ((await res.json()) as { data: { subject: string; text: string }[] }).data;
  return mails.filter((m) => /expiră/.test(m.subject));
}

async function runReminders(request: APIRequestContext, backendURL: string): Promise<number> {
  const res = await request.post(`${backendURL}/dev/reminders/run`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { queued: number } }).data.queued;
}

test.describe('home page plate box', () => {
  test('typing "b 123 abc" shows B123ABC; Tab and Enter open the RCA quote prefilled', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
    await plate.focus();
    await page.keyboard.type('b 123 abc');
    await expect(plate).toHaveValue('B123ABC');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /Serie de șasiu/ })).toBeFocused();
    await page.keyboard.type('wvwzzz1jzxw000001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rca\/B123ABC\/WVWZZZ1JZXW000001$/);
    await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('B123ABC');
    await expect(page.getByRole('textbox', { name: 'Serie de șasiu (VIN)' })).toHaveValue('WVWZZZ1JZXW000001');
    // The register lookup of the plate route fills the vehicle.
    await expect(page.getByRole('textbox', { name: 'Marca' })).toHaveValue('Volkswagen', { timeout: 20_000 });
  });

  test('an invalid plate shows the Romanian error and keeps what was typed; the plate alone is enough', async ({ page }) => {
    await page.goto('/');
    const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
    await plate.focus();
    await page.keyboard.type('xx 12 abc');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Numărul de înmatriculare nu este valid. Exemple: B123ABC, CJ45XYZ.')).toBeVisible();
    await expect(plate).toHaveValue('XX12ABC');
    await expect(plate).toBeFocused();
    await expect(plate).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe('/');

    await plate.fill('');
    await page.keyboard.type('cj-45-xyz');
    await expect(page.getByText(/Numărul de înmatriculare nu este valid/)).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rca\/CJ45XYZ$/);
  });

  test('on the form layer after the first focus: a plate left invalid says so, and a fix mid-text keeps the caret', async ({ page }) => {
    await page.goto('/');
    const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
    await plate.click();
    await page.keyboard.type('b 12 ab');
    await page.keyboard.press('Tab');
    await expect(plate).toHaveAccessibleDescription('Numărul de înmatriculare nu este valid. Exemple: B123ABC, CJ45XYZ.');
    await expect(page.getByRole('textbox', { name: /Serie de șasiu/ })).toBeFocused();
    // Back into the plate, the caret after "B12", a letter typed there: the message goes, the caret stays after it.
    await plate.click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.type('x');
    await expect(plate).toHaveValue('B12XAB');
    await expect(plate).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type(' ');
    await expect(plate).toHaveValue('B12XAB');
    await expect.poll(() => plate.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rca\/B12XAB$/);
  });

  test('when its form layer is slow to arrive, what was typed is kept and a box already left is checked on arrival', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('next-route-announcer')).toBeAttached();
    // Every chunk asked for from now on (the box's form layer among them) arrives a second late.
    await page.route('**/_next/static/chunks/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const plate = page.getByRole('textbox', { name: 'Număr de înmatriculare' });
    await plate.click();
    await page.keyboard.type('b 12 ab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('wvwzzz1jzxw000001');
    await expect(plate).toHaveAccessibleDescription('Numărul de înmatriculare nu este valid. Exemple: B123ABC, CJ45XYZ.');
    await expect(plate).toHaveValue('B12AB');
    await expect(page.getByRole('textbox', { name: /Serie de șasiu/ })).toHaveValue('WVWZZZ1JZXW000001');
    await expect(page.getByRole('textbox', { name: /Serie de șasiu/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(plate).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('works without JavaScript: the server opens the quote, or shows the error with what was typed', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByRole('textbox', { name: 'Număr de înmatriculare' }).fill('b 123 abc');
      await page.getByRole('button', { name: 'Vedeți ofertele RCA' }).click();
      await expect(page).toHaveURL(/\/rca\/B123ABC$/);
      await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('B123ABC');

      await page.goto('/');
      await page.getByRole('textbox', { name: 'Număr de înmatriculare' }).fill('b 123 abc');
      await page.getByRole('textbox', { name: /Serie de șasiu/ }).fill('prea-scurt');
      await page.getByRole('button', { name: 'Vedeți ofertele RCA' }).click();
      await expect(page).toHaveURL(/\/\?registration_plate=/);
      await expect(page.getByText('Seria de șasiu (VIN) are 17 caractere: litere fără I, O, Q și cifre.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Serie de șasiu/ })).toHaveValue('prea-scurt');
      await expect(page.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('b 123 abc');
    } finally {
      await context.close();
    }
  });
});

test.describe('renewals of every product', () => {
  test('house, travel and tire ?renew=<id> start the day after the old policy ends; the banner links to them', async ({ page, backendURL }) => {
    test.setTimeout(120_000);
    const customer = await signUpThroughApi(page);
    const house = await givePolicy(page.request, backendURL, customer.email, {
      product_code: 'house-insurance', ends_on: bucharestDay(30), months: 12, insured_object: 'Str. Lungă 1, Cluj-Napoca, jud. Cluj',
      input: { address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Lungă 1' }, environment: 'urban', structure: 'A', year_built: 1995, area_sqm: 72, rooms: 3, floors: 4, voluntary: null },
    });
    const travel = await givePolicy(page.request, backendURL, customer.email, {
      product_code: 'travel', ends_on: bucharestDay(-3), days: 8, insured_object: 'Grecia',
      input: { zone: 'europe', destination: 'Grecia', purpose: 'tourism', trip_type: 'single', travellers: [{ birth_date: '1990-11-23' }], options: { winter_sports: false, summer_sports: true, road_assistance: false, cancellation_insured_value_eur: null } },
    });
    const tire = await givePolicy(page.request, backendURL, customer.email, {
      product_code: 'tire', ends_on: bucharestDay(12), months: 12, insured_object: '4 anvelope Continental (R17–R19)',
      input: { plan_code: 'basic', tire_count: 4, period_years: 1, tire_type: 'standard', rim_band: 'r17_r19', brand: 'Continental', purchase_date: bucharestDay(-360) },
    });

    // The banner on every account page: what ends within 30 days (the travel policy has ended), with a link each.
    await page.goto('/account/orders');
    const banner = page.getByRole('status').filter({ hasText: 'expiră în curând' });
    await expect(banner).toContainText('2 polițe expiră în curând');
    await expect(banner.getByRole('link', { name: /^Reînnoiți: .*Str\. Lungă 1/ })).toHaveAttribute('href', `/house?renew=${house.id}`);
    await expect(banner.getByRole('link', { name: /^Reînnoiți: .*Continental/ })).toHaveAttribute('href', `/tire?renew=${tire.id}`);
    await expect(banner.getByRole('link', { name: /Grecia/ })).toHaveCount(0);

    // House: 30 days before the end, the renewal starts 31 days ahead; the backend prices it as a renewal.
    await banner.getByRole('link', { name: /^Reînnoiți: .*Str\. Lungă 1/ }).click();
    await expect(page).toHaveURL(new RegExp(`/house\\?renew=${house.id}$`));
    await expect(page.getByLabel('Data de început')).toHaveValue(addDays(house.ends_on, 1));
    await expect(page.getByLabel('Localitate')).toHaveValue('Cluj-Napoca');
    await expect(page.getByRole('status').filter({ hasText: 'Reînnoirea poliței' })).toBeVisible();
    const houseQuote = page.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
    await page.getByRole('button', { name: SEE_OFFERS }).click();
    const houseAnswer = await houseQuote;
    expect(houseAnswer.status()).toBe(201);
    expect(((await houseAnswer.json()) as { data: { input: unknown } }).data.input).toMatchObject({ start_date: addDays(house.ends_on, 1), renewal_of: house.id });

    // Travel that has ended: tomorrow, the same 8 days.
    await page.goto(`/travel?renew=${travel.id}`);
    await expect(page.getByLabel('Data plecării')).toHaveValue(bucharestDay(1));
    await expect(page.getByLabel('Data întoarcerii')).toHaveValue(bucharestDay(8));
    await expect(page.getByRole('textbox', { name: 'Destinația' })).toHaveValue('Grecia');

    // Tires: the same tires (their purchase date kept) from the day after the end.
    await page.goto(`/tire?renew=${tire.id}`);
    await expect(page.getByLabel('Data de început')).toHaveValue(addDays(tire.ends_on, 1));
    await expect(page.getByLabel('Data cumpărării')).toHaveValue(bucharestDay(-360));
    const tireQuote = page.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
    await page.getByRole('button', { name: SEE_OFFERS }).click();
    const tireAnswer = await tireQuote;
    expect(tireAnswer.status()).toBe(201);
    expect(((await tireAnswer.json()) as { data: { input: unknown } }).data.input).toMatchObject({ start_date: addDays(tire.ends_on, 1), renewal_of: tire.id });
  });

  test("another customer's ?renew=<id> opens the normal empty form", async ({ page, backendURL }) => {
    const owner = await signUpThroughApi(page);
    const house = await givePolicy(page.request, backendURL, owner.email, {
      product_code: 'house-insurance', ends_on: bucharestDay(10), months: 12, insured_object: 'Str. Scurtă 2, Iași, jud. Iași',
      input: { address: { county: 'Iași', town: 'Iași', street: 'Str. Scurtă 2' }, environment: 'urban', structure: 'B', year_built: 1980, area_sqm: 50, rooms: 2, floors: 1, voluntary: null },
    });
    await page.context().clearCookies();
    await signUpThroughApi(page);
    await page.goto(`/house?renew=${house.id}`);
    await expect(page.getByLabel('Localitate')).toHaveValue('');
    await expect(page.getByLabel('Data de început')).toHaveValue(bucharestDay(1));
  });
});

test.describe('expiry reminder links', () => {
  test("the mail's link, opened without signing in, shows the RCA form prefilled from the day after the end", async ({ page, browser, baseURL, backendURL }) => {
    test.setTimeout(120_000);
    const customer = await signUpThroughApi(page);
    const policy = await givePolicy(page.request, backendURL, customer.email, rcaPolicy(bucharestDay(30)));
    await runReminders(page.request, backendURL);
    const [mail] = await reminders(page.request, backendURL, customer.email);
    expect(mail.subject).toBe('Polița pentru B123ABC expiră în 30 de zile');
    const link = mail.text.match(/https?:\/\/\S+\/rca\?reinnoire=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();

    const guest = await browser.newContext({ baseURL });
    const tab = await guest.newPage();
    try {
      const url = new URL(link!);
      await tab.goto(`${url.pathname}${url.search}`);
      await expect(tab.getByRole('textbox', { name: 'Număr de înmatriculare' })).toHaveValue('B123ABC');
      await expect(tab.getByRole('textbox', { name: 'Marca' })).toHaveValue('Volkswagen');
      await expect(tab.getByLabel('Data de început')).toHaveValue(addDays(policy.ends_on, 1));
      await expect(tab.getByRole('status').filter({ hasText: 'Reînnoirea poliței' })).toBeVisible();
      // Personal identifiers never travel in the link: the owner types the CNP again.
      await expect(tab.getByRole('textbox', { name: 'CNP' })).toHaveValue('');
      expect((await guest.cookies()).some((c) => /bs_session/.test(c.name) && c.value)).toBe(false);

      // 31 days ahead is beyond a new policy's window: the link's token lets the backend price it as the renewal.
      await tab.getByRole('textbox', { name: 'CNP' }).fill(randomCnp());
      await tab.getByLabel('Data obținerii permisului').fill('2010-05-01');
      const quote = tab.waitForResponse((r) => r.url().endsWith('/api/v1/quotes') && r.request().method() === 'POST');
      await tab.getByRole('button', { name: SEE_OFFERS }).click();
      const answer = await quote;
      expect(answer.status()).toBe(201);
      const { data } = (await answer.json()) as { data: { input: Record<string, unknown> } };
      expect(data.input).toMatchObject({ start_date: addDays(policy.ends_on, 1), renewal_of: policy.id });
      expect(data.input).not.toHaveProperty('renewal_token');

      // A link that is not (or no longer) valid: a clear notice and the normal empty form.
      await tab.goto('/house?reinnoire=ABCDEFGHIJKLMNOPQRSTUVWXYZ012345');
      await expect(tab.getByText('Linkul de reînnoire nu mai este valabil')).toBeVisible();
      await expect(tab.getByLabel('Localitate')).toHaveValue('');
    } finally {
      await guest.close();
    }
  });

  test('@global-state one mail per threshold (30, 7, 1 days) on the dev clock, none for a customer who switched reminders off', async ({ page, backendURL }) => {
    test.setTimeout(150_000);
    const quiet = await signUpThroughApi(page);
    await page.goto('/account/preferences');
    await page.getByLabel(/^Pe email, cu 30 de zile, 7 zile și o zi înainte de expirare/).uncheck();
    await page.getByRole('button', { name: 'Salvați preferințele' }).click();
    await expect(page.getByText('Preferințele au fost salvate.')).toBeVisible({ timeout: 20_000 });
    await givePolicy(page.request, backendURL, quiet.email, rcaPolicy(bucharestDay(40)));

    await page.context().clearCookies();
    const customer = await signUpThroughApi(page);
    await givePolicy(page.request, backendURL, customer.email, rcaPolicy(bucharestDay(40)));

    const advance = async (days: number) => expect((await page.request.post(`${backendURL}/dev/clock`, { data: { advance_days: days } })).ok()).toBe(true);
    const subjects = async (email: string) => (await reminders(page.request, backendURL, email)).map((m) => m.subject);
    try {
      await runReminders(page.request, backendURL);
      expect(await subjects(customer.email)).toEqual([]); // 40 days left: nothing due
      await advance(10); // 30 days left
      await runReminders(page.request, backendURL);
      await runReminders(page.request, backendURL);
      expect(await subjects(customer.email)).toEqual(['Polița pentru B123ABC expiră în 30 de zile']);
      await advance(22); // 8 days left: the 30-day one was sent
      await runReminders(page.request, backendURL);
      expect(await subjects(customer.email)).toHaveLength(1);
      await advance(1); // 7 days left
      await runReminders(page.request, backendURL);
      await runReminders(page.request, backendURL);
      await advance(6); // 1 day left
      await runReminders(page.request, backendURL);
      await advance(1); // the last day: nothing more
      await runReminders(page.request, backendURL);
      expect(await subjects(customer.email)).toEqual([
        'Polița pentru B123ABC expiră mâine',
        'Polița pentru B123ABC expiră în 7 zile',
        'Polița pentru B123ABC expiră în 30 de zile',
      ]);
      expect(await subjects(quiet.email)).toEqual([]);
    } finally {
      const reset = await page.request.post(`${backendURL}/dev/clock`, { data: { reset: true } });
      expect(reset.ok()).toBe(true);
    }
  });

  test('a backend restart never sends a threshold twice (its own backend and database)', async ({ request }) => {
    test.setTimeout(120_000);
    const db = tempDatabase();
    let backend: BackendProcess | null = await startBackendProcess(db.file, {}, OWN_BACKEND_PORT);
    try {
      const email = `reminder-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemplu.ro`;
      const reg = await request.post(`${backend.url}/api/v1/auth/register`, {
        data: { email, phone_number: '0722000111', first_name: 'Ioana', last_name: 'Testescu', password: 'Parola-Test-2026', password_confirmation: 'Parola-Test-2026', is_default_password: false, token: '' },
      });
      expect(reg.status()).toBe(201);
      await givePolicy(request, backend.url, email, rcaPolicy(bucharestDay(30)));
      await runReminders(request, backend.url);
      await runReminders(request, backend.url);
      expect((await reminders(request, backend.url, email)).map((m) => m.subject)).toEqual(['Polița pentru B123ABC expiră în 30 de zile']);

      backend.proc.kill('SIGTERM');
      expect((await backend.exited).code).toBe(0);
      backend = await startBackendProcess(db.file, {}, OWN_BACKEND_PORT); // its start-up pass runs too
      expect(await runReminders(request, backend.url)).toBe(0);
      expect((await reminders(request, backend.url, email)).map((m) => m.subject)).toEqual(['Polița pentru B123ABC expiră în 30 de zile']);
    } finally {
      if (backend) {
        backend.proc.kill('SIGTERM');
        await backend.exited;
      }
      db.remove();
    }
  });
});

