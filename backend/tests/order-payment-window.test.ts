import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, FakeClock, fields, login, startServer, WEB, type Call, type TestServer } from './helpers';

/**
 * An order holds its quote's price and rules only while the quote is valid (24 h): a payment cannot be started on
 * an order whose quote has expired. Otherwise an order placed today could be paid months later, at today's tariff
 * and bonus-malus class, or for tires the 30-day "new tires" rule no longer admits.
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };
const HOUR = 3_600_000;

/** This file moves the clock by days and keeps one session: the idle limit (session-lifetime.test.ts) is not its subject. */
const LONG_IDLE = { SESSION_IDLE_TIMEOUT_MINUTES: String(30 * 24 * 60) };
beforeAll(async () => {
  t = await startServer(LONG_IDLE, clock, { workers: false });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

/** An order for 4 tires bought 29 days ago: the last day the tire cover may be bought for them. */
async function tireOrder() {
  const input = { tire_count: 4, period_years: 1, tire_type: 'standard', rim_band: 'r17_r19', brand: 'Continental', purchase_date: dayFromNow(clock, -29) };
  const q = await call('POST', '/api/v1/quotes', { body: { product_code: 'tire', input } });
  expect(q.status).toBe(201);
  const res = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.body.data.id, offer_id: q.body.data.offers[0].id, customer, consents } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
}

const startPayment = (orderId: number) => call('POST', `/api/v1/orders/${orderId}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
const paymentsOf = (orderId: number) => t.server.db.prepare('SELECT COUNT(*) FROM payments WHERE order_id = ?').pluck().get(orderId) as number;

describe('paying an order after its quote expired', () => {
  it('is refused (422 on quote_id): the tires of a 20-day-old order (bought 49 days ago) are no longer new, its price no longer current', async () => {
    const order = await tireOrder();
    clock.advance(20 * 24 * HOUR);
    const late = await startPayment(order.id);
    expect(late.status).toBe(422);
    expect(fields(late)).toEqual({ quote_id: ['Oferta acestei comenzi a expirat. Calculați din nou prețul și plasați o comandă nouă.'] });
    expect(paymentsOf(order.id)).toBe(0);
    expect((await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data).toMatchObject({ status: 'awaiting_payment', policy_id: null });
  });

  it('is refused just after the 24 hours of the quote, accepted just before; the order says until when', async () => {
    const order = await tireOrder();
    const placedAt = clock.now().getTime();
    const listed = (await call('GET', '/api/v1/orders', { token })).body.data as Array<{ id: number; pay_until: string | null }>;
    expect(listed.find((o) => o.id === order.id)?.pay_until).toBe(new Date(placedAt + 24 * HOUR).toISOString());
    clock.advance(24 * HOUR - 1000);
    expect((await startPayment(order.id)).status).toBe(201);
    clock.advance(2000);
    expect(fields(await startPayment(order.id))).toHaveProperty('quote_id');
    expect(paymentsOf(order.id)).toBe(1);
  });

  it('a payment started in time and confirmed after the quote expired still pays the order (a charge is honoured)', async () => {
    const order = await tireOrder();
    clock.advance(24 * HOUR - 60_000);
    const p = (await startPayment(order.id)).body.data as { payment_id: string; redirect_url: string };
    clock.advance(5 * 60_000);
    const signature = new URL(p.redirect_url).searchParams.get('signature')!;
    const confirm = await fetch(`${t.url}/payment-processor/checkout/${p.payment_id}/confirm`, {
      method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect((await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data).toMatchObject({ status: 'paid', policy_id: expect.any(Number), pay_until: null });
  });
});
