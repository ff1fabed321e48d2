import { afterEach, describe, expect, it } from 'vitest';
import { dueThreshold } from '../src/modules/reminders/service';
import { client, FakeClock, login, outbox, startServer, type Call, type TestServer } from './helpers';

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
});
