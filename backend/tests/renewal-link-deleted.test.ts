import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, outbox, startServer, type Call, type TestServer } from './helpers';

/**
 * An expiry reminder's renewal link opens the old policy's data (plate, VIN and vehicle, a home's address, the
 * travellers' birth dates) without sign-in. Once the account is deleted, the links already mailed open nothing:
 * the data of a deleted account is served to no one.
 */
const DAY = 86_400_000;
const clock = new FakeClock('2026-03-10T10:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

describe('renewal links of a deleted account', () => {
  it('answer 404 once the account is deleted', async () => {
    clock.advance(-10 * DAY); // the demo RCA policy of client@exemplu.ro now ends in 30 days
    await call('POST', '/dev/reminders/run');
    const mail = (await outbox(call, 'client@exemplu.ro')).find((m) => /expiră/.test(m.subject))!;
    const token = mail.text.match(/\/rca\?reinnoire=([A-Za-z0-9_-]+)/)![1];
    const open = await call('GET', `/api/v1/renewals/${token}`);
    expect(open.status).toBe(200);
    expect(open.body.data.insured_object).toBe('CJ45XYZ');

    expect((await call('PUT', `/dev/users/${encodeURIComponent('client@exemplu.ro')}`, { body: { is_deleted: true } })).status).toBe(200);
    const gone = await call('GET', `/api/v1/renewals/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toMatch(/CJ45XYZ|UU1HSDAAG52345678/);
    const quote = await call('POST', '/api/v1/quotes', {
      body: { product_code: 'rca', input: { ...open.body.data.input, owner: { type: 'person', cnp: '2901123123456', driving_licence_date: '2010-05-01' }, renewal_token: token } },
    });
    expect(quote.status).toBe(422);
    expect(quote.text).toContain('renewal_token');
  });
});
