import { afterEach, describe, expect, it } from 'vitest';
import { dueThreshold } from '../src/modules/reminders/service';
import { client, dayFromNow, FakeClock, fields, login, outbox, rcaInput, startServer, otherCustomer, type Call, type TestServer } from './helpers';

const DAY = 86_400_000;
// The demo RCA policy of client@exemplu.ro ends 20 days after the seeding day.
const START = '2026-03-10T10:00:00Z';

let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const reminders = async (call: Call) => (await outbox(call, 'client@exemplu.ro')).filter((m) => /expiră/.test(m.subject));
const run = async (call: Call) => (await call('POST', '/dev/reminders/run')).body.data.queued as number;

describe('expiry reminders', () => {
  it('the threshold due n days before the end: 30, 7, 1, catching up until the next is due', () => {
    expect([31, 30, 20, 8, 7, 2, 1, 0].map(dueThreshold)).toEqual([null, 30, 30, 30, 7, 7, 1, null]);
  });

  it('sends exactly one mail per threshold, driven by the clock, with a renewal link that signs nobody in', async () => {
    const clock = new FakeClock(START);
    t = await startServer({}, clock);
    const call = client(t.url);
    // 20 days left: the 30-day reminder, caught up late (by the start-up pass or this one).
    await run(call);
    expect(await run(call)).toBe(0);
    let mails = await reminders(call);
    expect(mails.map((m) => m.subject)).toEqual(['Polița pentru CJ45XYZ expiră în 20 de zile']);
    clock.advance(12 * DAY); // 8 days left: still the 30-day threshold, already sent
    expect(await run(call)).toBe(0);
    clock.advance(DAY); // 7 days left
    expect(await run(call)).toBe(1);
    expect(await run(call)).toBe(0);
    clock.advance(6 * DAY); // 1 day left
    expect(await run(call)).toBe(1);
    clock.advance(DAY); // the last day, then expired: nothing more
    expect(await run(call)).toBe(0);
    mails = await reminders(call);
    expect(mails.map((m) => m.subject)).toEqual([
      'Polița pentru CJ45XYZ expiră mâine',
      'Polița pentru CJ45XYZ expiră în 7 zile',
      'Polița pentru CJ45XYZ expiră în 20 de zile',
    ]);
    const rows = t.server.db.prepare('SELECT threshold_days, status FROM expiry_reminders ORDER BY threshold_days DESC').all();
    expect(rows).toEqual([{ threshold_days: 30, status: 'sent' }, { threshold_days: 7, status: 'sent' }, { threshold_days: 1, status: 'sent' }]);

    // The link opens the renewal: old input, start the day after the end, no identifiers, no session.
    const link = mails[0].text.match(/http:\/\/localhost:3000\/rca\?reinnoire=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const renewal = await call('GET', `/api/v1/renewals/${link![1]}`);
    expect(renewal.status).toBe(200);
    expect(renewal.body.data).toMatchObject({ product_code: 'rca', page: '/rca' });
    expect(renewal.body.data.input.registration_plate).toBe('CJ45XYZ');
    expect(renewal.body.data.input.owner.cnp).toBeUndefined();
    expect(renewal.body.data).not.toHaveProperty('access_token');
    const next = new Date(Date.parse(`${renewal.body.data.previous_ends_on}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(renewal.body.data.start_date).toBe(next);
    expect(renewal.body.data.input.start_date).toBe(next);
    expect((await call('GET', '/api/v1/renewals/not-a-real-token-at-all-xx')).status).toBe(404);
  });

  it('sends none after the customer switches service reminders off', async () => {
    const clock = new FakeClock(START);
    t = await startServer({}, clock);
    const call = client(t.url);
    const token = await login(call, 'client@exemplu.ro');
    const prefs = await call('PUT', '/api/v1/preferences', { token, body: { notify_expiry_email: false, marketing_email: true } });
    expect(prefs.body.data).toMatchObject({ notify_expiry_email: false, marketing_email: true });
    await run(call); // the pass due today, before the opt-out
    const before = (await reminders(call)).length;
    clock.advance(13 * DAY);
    expect(await run(call)).toBe(0);
    clock.advance(6 * DAY);
    expect(await run(call)).toBe(0);
    expect((await reminders(call)).length).toBe(before);
    expect(t.server.db.prepare("SELECT COUNT(*) FROM expiry_reminders WHERE status = 'opted_out'").pluck().get()).toBe(2);
  });

  it('never sends a threshold twice across a restart, and catches up a missed one', async () => {
    const clock = new FakeClock(START);
    t = await startServer({}, clock);
    const { dir } = t;
    const dbPath = t.config.databasePath;
    const call1 = client(t.url);
    await run(call1);
    expect((await reminders(call1)).length).toBe(1);
    await t.server.close();
    // Down over the 7-day threshold's day; back with 5 days left, on the same database.
    clock.advance(15 * DAY);
    const again = await startServer({ DATABASE_PATH: dbPath }, clock);
    const call2 = client(again.url);
    await run(call2); // the 7-day reminder, caught up (by the start-up pass or this one)
    expect(await run(call2)).toBe(0);
    const subjects = (await reminders(call2)).map((m) => m.subject);
    expect(subjects).toEqual(['Polița pentru CJ45XYZ expiră în 5 zile', 'Polița pentru CJ45XYZ expiră în 20 de zile']);
    await again.close();
    // A third start on the same day sends nothing.
    const third = await startServer({ DATABASE_PATH: dbPath }, clock);
    expect(await run(client(third.url))).toBe(0);
    expect((await reminders(client(third.url))).length).toBe(2);
    await third.close();
    t = { ...t, close: async () => { (await import('node:fs')).rmSync(dir, { recursive: true, force: true }); } } as TestServer;
  });

  it("a reminder's link prices the renewal without sign-in, up to the day after the end; the order needs its owner", async () => {
    const clock = new FakeClock(START);
    t = await startServer({}, clock);
    const call = client(t.url);
    clock.advance(-10 * DAY); // the demo RCA policy now ends in 30 days: its renewal starts 31 days ahead
    await run(call);
    const [mail] = await reminders(call);
    const token = mail.text.match(/\/rca\?reinnoire=([A-Za-z0-9_-]+)/)![1];
    const policyId = t.server.db.prepare("SELECT id FROM policies WHERE insured_object = 'CJ45XYZ'").pluck().get() as number;
    const car = { registration_plate: 'CJ45XYZ', vin: 'UU1HSDAAG52345678', vehicle: { category: 'car', make: 'Dacia', model: 'Logan', fuel: 'lpg', year: 2020, max_mass_kg: 1560, engine_cc: 999, power_kw: 67, seats: 5, use_type: 'personal' } };
    const input = (extra: Record<string, unknown>) => rcaInput({ ...car, owner: { type: 'person', cnp: '2901123123456', driving_licence_date: '2010-05-01' }, start_date: dayFromNow(clock, 31), ...extra }, clock);

    const plain = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: input({}) } });
    expect(Object.keys(fields(plain))).toEqual(['start_date']);
    const renewal = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: input({ renewal_token: token }) } });
    expect(renewal.status).toBe(201);
    expect(renewal.body.data.input).toMatchObject({ start_date: dayFromNow(clock, 31), renewal_of: policyId });
    expect(renewal.body.data.input).not.toHaveProperty('renewal_token');
    const late = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: input({ renewal_token: token, start_date: dayFromNow(clock, 32) }) } });
    expect(Object.keys(fields(late))).toEqual(['start_date']);
    const forged = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: input({ renewal_token: 'x'.repeat(32) }) } });
    expect(Object.keys(fields(forged))).toEqual(['renewal_token']);
    const otherCar = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({ start_date: dayFromNow(clock, 31), renewal_token: token }, clock) } });
    expect(Object.keys(fields(otherCar))).toEqual(['renewal_of']);

    // Another customer cannot buy it; its owner can.
    const order = (bearer: string) => call('POST', '/api/v1/orders', { token: bearer, body: {
      quote_id: renewal.body.data.id, offer_id: renewal.body.data.offers[0].id,
      customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '2901123123456' },
      consents: { terms: true, product_sheet: true, data_processing: true },
    } });
    expect(Object.keys(fields(await order(await otherCustomer(call))))).toEqual(['quote_id']);
    expect((await order(await login(call, 'client@exemplu.ro'))).status).toBe(201);
  });

  it('house and tire renewals start the day after the old policy ends; new policies keep their usual windows', async () => {
    const clock = new FakeClock(START);
    t = await startServer({}, clock);
    const call = client(t.url);
    clock.advance(270 * DAY); // the demo house policy now ends in 30 days
    const bearer = await login(call, 'client@exemplu.ro');
    const house = t.server.db.prepare("SELECT id, input FROM policies WHERE product_code = 'house-insurance'").get() as { id: number; input: string };
    const houseInput = { ...JSON.parse(house.input), start_date: dayFromNow(clock, 31) };
    const quote = (product: string, input: unknown, token: string | null = bearer) =>
      call('POST', '/api/v1/quotes', { ...(token ? { token } : {}), body: { product_code: product, input } });
    expect(Object.keys(fields(await quote('house-insurance', houseInput)))).toEqual(['start_date']);
    expect(Object.keys(fields(await quote('house-insurance', { ...houseInput, renewal_of: house.id }, null)))).toEqual(['renewal_of']);
    const renewedHouse = await quote('house-insurance', { ...houseInput, renewal_of: house.id });
    expect(renewedHouse.status, renewedHouse.text).toBe(201);
    expect(renewedHouse.body.data.input).toMatchObject({ start_date: dayFromNow(clock, 31), renewal_of: house.id });

    // A tire policy ending in 10 days: the same tires (bought a year ago) from the day after.
    const tireInput = { plan_code: 'basic', tire_count: 4, period_years: 1, tire_type: 'standard', rim_band: 'r17_r19', brand: 'Continental', purchase_date: dayFromNow(clock, -355) };
    const houseOrder = t.server.db.prepare('SELECT order_id, user_id FROM policies WHERE id = ?').get(house.id) as { order_id: number; user_id: number };
    const order = {
      user_id: houseOrder.user_id,
      order_id: Number(t.server.db.prepare(
        `INSERT INTO orders (user_id, quote_id, offer_id, product_code, insurer_code, package_name, amount_bani, status, customer, consents, created_at, updated_at)
         SELECT user_id, quote_id, offer_id, 'tire', insurer_code, package_name, amount_bani, 'paid', customer, consents, created_at, updated_at FROM orders WHERE id = ?`,
      ).run(houseOrder.order_id).lastInsertRowid),
    };
    const tire = Number(t.server.db.prepare(
      `INSERT INTO policies (number, order_id, user_id, product_code, insurer_code, package_name, starts_on, ends_on, amount_bani, insured_object, input, created_at)
       VALUES ('ANV-TEST', ?, ?, 'tire', 'generali', 'Basic', ?, ?, 10000, '4 anvelope Continental', ?, ?)`,
    ).run(order.order_id, order.user_id, dayFromNow(clock, -355), dayFromNow(clock, 10), JSON.stringify(tireInput), clock.now().toISOString()).lastInsertRowid);
    expect(Object.keys(fields(await quote('tire', tireInput)))).toEqual(['purchase_date']);
    expect(Object.keys(fields(await quote('tire', { ...tireInput, purchase_date: dayFromNow(clock, -1), start_date: dayFromNow(clock, 11) })))).toEqual(['start_date']);
    const renewedTire = await quote('tire', { ...tireInput, start_date: dayFromNow(clock, 11), renewal_of: tire });
    expect(renewedTire.status, renewedTire.text).toBe(201);
    expect(renewedTire.body.data.input).toMatchObject({ start_date: dayFromNow(clock, 11), renewal_of: tire });
    expect(Object.keys(fields(await quote('tire', { ...tireInput, start_date: dayFromNow(clock, 12), renewal_of: tire })))).toEqual(['start_date']);
    // Only the same tires: a renewal does not insure other or older tires without the "bought in the last 30 days" rule.
    for (const other of [{ purchase_date: dayFromNow(clock, -900) }, { brand: 'Pirelli' }, { rim_band: 'r20_plus' }, { tire_type: 'run_flat' }]) {
      const res = await quote('tire', { ...tireInput, ...other, start_date: dayFromNow(clock, 11), renewal_of: tire });
      expect([other, res.status === 422 ? fields(res) : res.status]).toEqual([other, {
        renewal_of: ['Reînnoirea asigură aceleași anvelope ca polița reînnoită (aceeași dată de cumpărare, marcă, dimensiune și tip).'],
      }]);
    }
    const fewer = await quote('tire', { ...tireInput, brand: 'continental', tire_count: 2, start_date: dayFromNow(clock, 11), renewal_of: tire });
    expect(fewer.status, fewer.text).toBe(201);
  });
});
