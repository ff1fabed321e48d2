import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { client, fields, login, outbox, rcaInput, startServer, TEST_SECRETS, WEB, otherCustomer, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;
let token: string;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };

async function newOrder(headers: Record<string, string> = {}) {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
  const offer = q.offers[0];
  const res = await call('POST', '/api/v1/orders', { token, headers, body: { quote_id: q.id, offer_id: offer.id, customer, consents } });
  return { res, quote: q, offer };
}

async function pay(orderId: number, action: 'confirm' | 'decline') {
  const p = await call('POST', `/api/v1/orders/${orderId}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
  expect(p.status).toBe(201);
  const page = await fetch(p.body.data.redirect_url);
  const html = await page.text();
  const signature = new URL(p.body.data.redirect_url).searchParams.get('signature')!;
  const res = await fetch(`${t.url}/payment-processor/checkout/${p.body.data.payment_id}/${action}`, {
    method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual',
  });
  return { payment: p.body.data, html, res };
}

describe('orders', () => {
  it('creates an order awaiting payment (201) and lists it', async () => {
    const { res, offer } = await newOrder();
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      number: expect.stringMatching(/^BRK-\d{4}-\d{6}$/), product_code: 'rca', product_name: 'Asigurare RCA', insurer: offer.insurer,
      offer_id: offer.id, amount_bani: offer.price_bani, status: 'awaiting_payment', policy_id: null, paid_at: null,
    });
    const list = await call('GET', '/api/v1/orders', { token });
    expect(list.body.data[0].id).toBe(res.body.data.id);
    expect((await call('GET', `/api/v1/orders/${res.body.data.id}`, { token })).body.data.id).toBe(res.body.data.id);
    const other = await otherCustomer(call);
    expect((await call('GET', `/api/v1/orders/${res.body.data.id}`, { token: other })).status).toBe(404);
  });

  it('validates consents, quote and offer', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
    const res = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: 'x', customer: { ...customer, cnp: '123' }, consents: { terms: false } } });
    expect(Object.keys(fields(res)).sort()).toEqual(['consents.data_processing', 'consents.product_sheet', 'consents.terms', 'customer.cnp']);
    expect(fields(await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: 'x', customer, consents } }))).toEqual({ offer_id: ['Oferta aleasă nu există.'] });
    expect(fields(await call('POST', '/api/v1/orders', { token, body: { quote_id: 'nope', offer_id: 'x', customer, consents } }))).toEqual({ quote_id: ['Oferta nu mai există sau a expirat. Recalculați prețul.'] });
    expect((await call('POST', '/api/v1/orders', { body: {} })).status).toBe(401);
  });

  it('a repeated Idempotency-Key creates one order and replays the first answer', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
    const body = { quote_id: q.id, offer_id: q.offers[1].id, customer, consents };
    const count = () => t.server.db.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
    const before = count();
    const headers = { 'idempotency-key': 'order-key-1' };
    const [a, b] = await Promise.all([
      call('POST', '/api/v1/orders', { token, headers, body }),
      call('POST', '/api/v1/orders', { token, headers, body }),
    ]);
    const c = await call('POST', '/api/v1/orders', { token, headers, body });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(count()).toBe(before + 1);
    // another caller with the same key is independent
    const other = await otherCustomer(call);
    const d = await call('POST', '/api/v1/orders', { token: other, headers, body });
    expect(d.body.data.id).not.toBe(a.body.data.id);
  });

  it('fail-next answers a status before doing anything; the retry then succeeds', async () => {
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/orders', status: 503, times: 1 } });
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
    const count = () => t.server.db.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
    const before = count();
    const headers = { 'idempotency-key': 'retry-key' };
    const body = { quote_id: q.id, offer_id: q.offers[0].id, customer, consents };
    const first = await call('POST', '/api/v1/orders', { token, headers, body });
    expect(first.status).toBe(503);
    expect(count()).toBe(before);
    const retry = await call('POST', '/api/v1/orders', { token, headers, body });
    expect(retry.status).toBe(201);
    expect(count()).toBe(before + 1);
  });
});

describe('lost answers', () => {
  it('fail-next with after: the order is created, the answer lost; the retry with the same key gets the first answer', async () => {
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/orders', status: 500, times: 1, after: true } });
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
    const count = () => t.server.db.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
    const before = count();
    const headers = { 'idempotency-key': 'lost-answer-key' };
    const body = { quote_id: q.id, offer_id: q.offers[0].id, customer, consents };
    const first = await call('POST', '/api/v1/orders', { token, headers, body });
    expect(first.status).toBe(500);
    expect(count()).toBe(before + 1);
    const retry = await call('POST', '/api/v1/orders', { token, headers, body });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(count()).toBe(before + 1);
  });
});

describe('payments', () => {
  it('confirm → signed IPN → paid order, issued policy, PDF and mail', async () => {
    const { res } = await newOrder();
    const order = res.body.data;
    const { payment, html, res: redirect } = await pay(order.id, 'confirm');
    expect(html).toContain('Plătește');
    expect(html).toContain('Refuză');
    expect(html).toContain(order.number);
    const lei = `${Math.floor(order.amount_bani / 100).toLocaleString('de-DE')},${String(order.amount_bani % 100).padStart(2, '0')} lei`;
    expect(html).toContain(lei);
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${WEB}/thank-you`);
    expect(location.searchParams.get('order_id')).toBe(String(order.id));
    expect(location.searchParams.get('payment_id')).toBe(payment.payment_id);

    const paid = (await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data;
    expect(paid).toMatchObject({ status: 'paid', paid_at: expect.any(String), policy_id: expect.any(Number) });
    const policy = (await call('GET', `/api/v1/policies/${paid.policy_id}`, { token })).body.data;
    expect(policy).toMatchObject({
      order_id: order.id, product_code: 'rca', status: 'active', amount_bani: order.amount_bani, insured_object: 'B123ABC',
      document_url: `/api/v1/policies/${paid.policy_id}/document`, number: expect.stringMatching(/^RCA-\d{4}-\d{7}$/),
    });
    expect(policy.starts_on).toBe(rcaInput().start_date);
    const pdf = await fetch(`${t.url}${policy.document_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call('GET', policy.document_url)).status).toBe(401);
    const mails = await outbox(call, 'client@exemplu.ro');
    expect(mails[0].subject).toContain(policy.number);
    expect(mails[0].attachments[0].filename).toBe(`polita-${policy.number}.pdf`);

    const again = await call('POST', `/api/v1/orders/${order.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('order_already_paid');
  });

  it('decline → payment_failed → pay again with a new payment', async () => {
    const { res } = await newOrder();
    const order = res.body.data;
    const { res: redirect } = await pay(order.id, 'decline');
    expect(redirect.status).toBe(303);
    expect((await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data.status).toBe('payment_failed');
    const second = await pay(order.id, 'confirm');
    expect(second.res.status).toBe(303);
    const final = (await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data;
    expect(final.status).toBe('paid');
    const policies = (await call('GET', '/api/v1/policies', { token })).body.data;
    expect(policies.filter((p: { order_id: number }) => p.order_id === order.id)).toHaveLength(1);
  });

  it('refuses a forged IPN, a foreign return_url and a bad checkout signature', async () => {
    const { res } = await newOrder();
    const p = await call('POST', `/api/v1/orders/${res.body.data.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
    const forged = await call('POST', '/api/v1/payments/ipn', {
      body: { payment_id: p.body.data.payment_id, status: 'confirmed', amount_bani: res.body.data.amount_bani, signature: createHmac('sha256', 'wrong-secret').update('x').digest('hex') },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('invalid_signature');
    expect((await call('GET', `/api/v1/orders/${res.body.data.id}`, { token })).body.data.status).toBe('awaiting_payment');

    const sig = createHmac('sha256', TEST_SECRETS.PAYMENT_SIGNING_SECRET).update(`${p.body.data.payment_id}:confirmed:1`).digest('hex');
    const wrongAmount = await call('POST', '/api/v1/payments/ipn', { body: { payment_id: p.body.data.payment_id, status: 'confirmed', amount_bani: 1, signature: sig } });
    // Signed but for another amount: recorded and acknowledged, the order stays unpaid, the charge is a refund to make.
    expect(wrongAmount.status).toBe(200);
    expect(wrongAmount.body.data).toMatchObject({ outcome: 'amount_mismatch', order_status: 'awaiting_payment' });
    expect((await call('GET', `/api/v1/orders/${res.body.data.id}`, { token })).body.data.status).toBe('awaiting_payment');

    const foreign = await call('POST', `/api/v1/orders/${res.body.data.id}/payments`, { token, body: { return_url: 'https://evil.example/thank-you' } });
    expect(fields(foreign)).toEqual({ return_url: ['Adresa de întoarcere nu este permisă.'] });
    // The web app's origin is not enough: only its /thank-you page, without credentials in the address.
    for (const return_url of [`${WEB}//evil.example/thank-you`, `${WEB}/\\evil.example`, `${WEB}/account/orders`, `${WEB}/`, 'http://user:pass@localhost:3000/thank-you', 'javascript:alert(1)']) {
      const other = await call('POST', `/api/v1/orders/${res.body.data.id}/payments`, { token, body: { return_url } });
      expect([return_url, fields(other)]).toEqual([return_url, { return_url: ['Adresa de întoarcere nu este permisă.'] }]);
    }
    const withQuery = await call('POST', `/api/v1/orders/${res.body.data.id}/payments`, { token, body: { return_url: `${WEB}/thank-you?from=checkout` } });
    expect(withQuery.status).toBe(201);
    const page = await fetch(`${t.url}/payment-processor/checkout/${p.body.data.payment_id}?signature=abc`);
    expect(page.status).toBe(403);
  });

  it('shows the seeded policies with computed statuses', async () => {
    const fresh = await startServer();
    try {
      const c = client(fresh.url);
      const tok = await login(c, 'client@exemplu.ro');
      const statuses = (await c('GET', '/api/v1/policies', { token: tok })).body.data.map((p: { status: string }) => p.status).sort();
      expect(statuses).toEqual(['active', 'expired', 'expiring']);
      const orders = (await c('GET', '/api/v1/orders', { token: tok })).body.data;
      expect(orders.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
