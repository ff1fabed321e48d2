import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, FakeClock, fields, login, outbox, startServer, WEB, otherCustomer, type Call, type TestServer } from './helpers';

// 10:00 in Bucharest on 15 March 2026 (a rate month that exists in the reference data).
const clock = new FakeClock('2026-03-15T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456' };
const consents = { terms: true, product_sheet: true, data_processing: true };

async function flags(body: Record<string, boolean>) {
  const res = await call('PUT', '/admin/product-statuses', { headers: { 'x-admin-token': t.config.adminToken }, body });
  expect(res.status).toBe(200);
}

const ro = (o: Record<string, unknown> = {}) => ({
  category: 'A', registration_plate: 'b 123 abc', country: 'RO', vin: '', start_date: dayFromNow(clock, 0), validity: '30d', ...o,
});
const hu = (o: Record<string, unknown> = {}) => ({
  category: 'D1', registration_plate: 'CJ45XYZ', country: 'RO', start_date: dayFromNow(clock, 2), validity: '10d', counties: [], ...o,
});

/** This file moves the clock by days and keeps one session: the idle limit (session-lifetime.test.ts) is not its subject. */
const LONG_IDLE = { SESSION_IDLE_TIMEOUT_MINUTES: String(30 * 24 * 60) };
beforeAll(async () => {
  t = await startServer(LONG_IDLE, clock);
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

describe('road vignettes', () => {
  it('are products with their tariff, flagged off by default: no quote while off', async () => {
    const product = (await call('GET', '/api/v1/products/ro-vignette')).body.data;
    expect(product).toMatchObject({ code: 'ro-vignette', is_available: false, insurers: [{ code: 'cnair' }] });
    expect(product.options.categories.map((c: { code: string }) => c.code)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect((await call('GET', '/api/v1/insurers')).body.data.map((i: { code: string }) => i.code)).not.toContain('cnair');
    const res = await call('POST', '/api/v1/quotes', { body: { product_code: 'ro-vignette', input: ro() } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('product_unavailable');
  });

  it('prices a rovinietă in euro and charges lei at the month rate', async () => {
    await flags({ is_ro_vignette_available: true, is_hu_vignette_available: true });
    const res = await call('POST', '/api/v1/quotes', { body: { product_code: 'ro-vignette', input: ro() } });
    expect(res.status).toBe(201);
    const [offer] = res.body.data.offers;
    expect(res.body.data.input.registration_plate).toBe('B123ABC');
    expect(offer.list_price).toEqual({ amount: 9.5, currency: 'EUR' });
    expect(offer.exchange_rate.month).toBe('2026-03');
    expect(offer.price_bani).toBe(Math.round(9.5 * offer.exchange_rate.lei_per_unit * 100));
    expect(offer.period_label).toBe('30 de zile');
  });

  it('sells only the validities of the category and starts today … +30 days', async () => {
    const bad = async (input: Record<string, unknown>) => fields(await call('POST', '/api/v1/quotes', { body: { product_code: 'ro-vignette', input } }));
    expect(await bad(ro({ category: 'C', validity: '10d' }))).toEqual({ validity: ['Perioada aleasă nu există pentru categoria C.'] });
    expect(await bad(ro({ category: 'Z' }))).toHaveProperty('category');
    expect(await bad(ro({ start_date: dayFromNow(clock, -1) }))).toHaveProperty('start_date');
    expect(await bad(ro({ start_date: dayFromNow(clock, 31) }))).toHaveProperty('start_date');
    expect(await bad(ro({ registration_plate: 'XX12ABC' }))).toHaveProperty('registration_plate');
    expect(await bad(ro({ vin: 'SHORT' }))).toHaveProperty('vin');
    // a foreign plate is checked for its shape only
    const foreign = await call('POST', '/api/v1/quotes', { body: { product_code: 'ro-vignette', input: ro({ country: 'DE', registration_plate: 'M-AB 1234', start_date: dayFromNow(clock, 30), category: 'C', validity: '7d' }) } });
    expect(foreign.status).toBe(201);
  });

  it('e-matrica: daily only for D1, county passes need counties and cost per county', async () => {
    const bad = async (input: Record<string, unknown>) => fields(await call('POST', '/api/v1/quotes', { body: { product_code: 'hu-vignette', input } }));
    expect(await bad(hu({ category: 'D2', validity: '1d' }))).toHaveProperty('validity');
    expect(await bad(hu({ validity: 'county_year' }))).toEqual({ counties: ['Alegeți cel puțin un județ.'] });
    expect(await bad(hu({ validity: 'year', counties: ['PEST'] }))).toHaveProperty('counties');
    const res = await call('POST', '/api/v1/quotes', { body: { product_code: 'hu-vignette', input: hu({ validity: 'county_year', counties: ['PEST', 'GYOR'] }) } });
    expect(res.status).toBe(201);
    expect(res.body.data.offers[0].list_price).toEqual({ amount: 13320, currency: 'HUF' });
  });

  it('bought and paid: a vignette with series, validity, proof PDF and mail; listed with the policies', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'hu-vignette', input: hu({ validity: 'year' }) } })).body.data;
    const order = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents } });
    expect(order.status).toBe(201);
    const p = await call('POST', `/api/v1/orders/${order.body.data.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
    const signature = new URL(p.body.data.redirect_url).searchParams.get('signature')!;
    await fetch(`${t.url}/payment-processor/checkout/${p.body.data.payment_id}/confirm`, { method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual' });
    const policies = (await call('GET', '/api/v1/policies', { token })).body.data;
    const v = policies.find((x: { order_id: number }) => x.order_id === order.body.data.id);
    expect(v).toMatchObject({
      product_code: 'hu-vignette', is_vignette: true, number: expect.stringMatching(/^HUV-2026-\d{7}$/),
      starts_on: dayFromNow(clock, 2), ends_on: '2027-01-31', insured_object: 'CJ45XYZ (RO)', validity_state: 'începe în 2 zile',
    });
    const pdf = await fetch(`${t.url}${v.document_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const other = await otherCustomer(call);
    expect((await call('GET', v.document_url, { token: other })).status).toBe(404);
    const [mail] = await outbox(call, 'client@exemplu.ro');
    expect(mail.subject).toBe(`Vignetă Ungaria (e-matrica) pentru CJ45XYZ: seria ${v.number}`);
    expect(mail.attachments[0].filename).toBe(`vigneta-${v.number}.pdf`);
  });

  it('a guest buying a vignette becomes a customer through store-from-product-page', async () => {
    for (const product_id of ['ro-vignette', 'hu-vignette']) {
      const email = `vigneta-${product_id}-${Date.now()}@exemplu.ro`;
      const res = await call('POST', '/api/v1/users/store-from-product-page', { body: { customer: { ...customer, email }, product_id, token: '' } });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ is_new: true, user: { email }, access_token: expect.any(String) });
    }
  });

  it('a rovinietă whose start day passed before payment starts on the payment day', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'ro-vignette', input: ro({ validity: '1d' }) } })).body.data;
    const order = (await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents } })).body.data;
    // 10:00 → 01:00 the next day in Bucharest: the start day has passed, the quote (24 h) is still valid.
    clock.advance(15 * 3_600_000);
    try {
      const p = await call('POST', `/api/v1/orders/${order.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
      const signature = new URL(p.body.data.redirect_url).searchParams.get('signature')!;
      await fetch(`${t.url}/payment-processor/checkout/${p.body.data.payment_id}/confirm`, { method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual' });
      const v = (await call('GET', '/api/v1/policies', { token })).body.data.find((x: { order_id: number }) => x.order_id === order.id);
      expect([v.starts_on, v.ends_on]).toEqual([dayFromNow(clock, 0), dayFromNow(clock, 0)]);
      expect(v.validity_state).toBe('expiră azi');
    } finally {
      clock.advance(-15 * 3_600_000);
    }
  });
});
