import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, FakeClock, login, rcaInput, startServer, type Call, type TestServer } from './helpers';

/**
 * The database cannot grow (a full disk: SQLITE_FULL):
 * a write is refused whole with a clean 503 + Retry-After in Romanian (the web app's one write retry and clients
 * back off), nothing of it applies, and once space is back the same
 * request with the same Idempotency-Key applies once.
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(async () => {
  await t.close();
});

const ordersOf = () => t.server.db.prepare("SELECT COUNT(*) FROM orders WHERE user_id = (SELECT id FROM users WHERE email = 'client@exemplu.ro')").pluck().get() as number;

/**
 * From now on, statements that write an order fail as on a full disk (SQLITE_FULL; max_page_count cannot force it
 * reliably: an order row fits in its table's last page). Returns the way back.
 */
function fillDisk(): () => void {
  const db = t.server.db;
  const prepare = db.prepare.bind(db);
  const spy = vi.spyOn(db, 'prepare').mockImplementation(((sql: string) => {
    if (/INSERT INTO orders/i.test(sql)) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    return prepare(sql);
  }) as typeof db.prepare);
  return () => spy.mockRestore();
}

describe('a full disk', () => {
  it('a write answers 503 storage_full with Retry-After in Romanian, applies nothing, and its retry applies once', async () => {
    const quote = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
    const before = ordersOf();
    const body = { quote_id: quote.id, offer_id: quote.offers[0].id, customer, consents };
    const headers = { 'idempotency-key': 'full-order-1' };

    const freeDisk = fillDisk();
    let full;
    try {
      full = await call('POST', '/api/v1/orders', { token, body, headers });
    } finally {
      freeDisk();
    }
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(full.body.error.code).toBe('storage_unavailable');
    expect(full.body.error.pretty_message).toMatch(/^Serviciul nu poate salva datele momentan/);
    expect(full.text).not.toMatch(/sqlite|full|disk/i);
    expect(ordersOf()).toBe(before);

    const retried = await call('POST', '/api/v1/orders', { token, body, headers });
    expect(retried.status).toBe(201);
    expect(ordersOf()).toBe(before + 1);
  });
});
