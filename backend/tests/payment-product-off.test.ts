import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, client, FakeClock, login, rcaInput, startServer, WEB, type Call, type TestServer } from './helpers';

/**
 * Ops switch a product off (the product status record, `PUT /admin/product-statuses`) to stop its sales: an insurer
 * outage, a wrong tariff. Orders placed before must not be paid meanwhile; money the processor already took for a
 * checkout started before is still settled.
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };

const setRca = async (on: boolean) =>
  expect((await call('PUT', '/admin/product-statuses', { headers: ADMIN_HEADERS, body: { is_rca_available: on } })).status).toBe(200);

async function rcaOrder() {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
  const res = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
}

const startPayment = (orderId: number) => call('POST', `/api/v1/orders/${orderId}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
const paymentsOf = (orderId: number) =>
  t.server.db.prepare('SELECT status FROM payments WHERE order_id = ? ORDER BY created_at').pluck().all(orderId) as string[];
const order = async (id: number) => (await call('GET', `/api/v1/orders/${id}`, { token })).body.data;

describe('starting a payment for a product ops switched off', () => {
  it('is refused as order creation refuses it; the order is payable again once the product is back', async () => {
    const placed = await rcaOrder();
    await setRca(false);
    try {
      // What order creation answers for the switched-off product (the same refusal, word for word)…
      const q = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } });
      expect(q.status).toBe(422);
      // …is what a payment start answers for the order placed before.
      const refused = await startPayment(placed.id);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toEqual({
        code: 'product_unavailable',
        message: 'Product is not available.',
        pretty_message: 'Produsul nu este disponibil momentan.',
      });
      expect(refused.body.error).toEqual(q.body.error);
      expect(paymentsOf(placed.id)).toEqual([]);
      expect(await order(placed.id)).toMatchObject({ status: 'awaiting_payment', policy_id: null });
    } finally {
      await setRca(true);
    }
    // Back on, quote still valid: the same order is paid as usual.
    const started = await startPayment(placed.id);
    expect(started.status).toBe(201);
    expect(paymentsOf(placed.id)).toEqual(['pending']);
  });

  it('never touches a checkout started before: its pending payment stays and the processor confirmation pays the order', async () => {
    const placed = await rcaOrder();
    const started = await startPayment(placed.id);
    expect(started.status).toBe(201);
    const paymentId = started.body.data.payment_id as string;
    const signature = new URL(started.body.data.redirect_url).searchParams.get('signature')!;
    await setRca(false);
    try {
      // A refused retry of the start does not cancel the checkout the customer has open.
      expect((await startPayment(placed.id)).status).toBe(422);
      expect(paymentsOf(placed.id)).toEqual(['pending']);
      // The customer pays on the processor's page: the money taken is settled, the order paid.
      const paid = await fetch(`${t.url}/payment-processor/checkout/${paymentId}/confirm`, {
        method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paymentsOf(placed.id)).toEqual(['confirmed']);
      expect(await order(placed.id)).toMatchObject({ status: 'paid' });
    } finally {
      await setRca(true);
    }
  });
});
