import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PdfRenderGate, pdfGate } from '../src/pdf/render-gate';
import { client, FakeClock, login, rcaInput, startServer, TEST_CONFIG_ENV, TEST_SECRETS, WEB, type Call, type TestServer } from './helpers';

/**
 * Policy and invoice PDFs were rendered on every download: a customer (or a stolen session) looping downloads, or
 * firing them in parallel, kept the backend's CPU busy. Now the rendered bytes are kept per document content and at
 * most PDF_MAX_CONCURRENT_RENDERS renders run at once (503 pdf_busy with Retry-After past it).
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

beforeAll(async () => {
  t = await startServer({ PDF_MAX_CONCURRENT_RENDERS: '1' }, clock, { workers: false });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const consents = { terms: true, product_sheet: true, data_processing: true };
const person = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };

/** A paid order: its policy and invoice issued. */
async function paidOrder(): Promise<{ orderId: number; policyId: number }> {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
  const order = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer: person, consents } });
  expect(order.status, order.text).toBe(201);
  const { id, amount_bani } = order.body.data as { id: number; amount_bani: number };
  const payment = await call('POST', `/api/v1/orders/${id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
  expect(payment.status).toBe(201);
  const paymentId = payment.body.data.payment_id as string;
  const signature = createHmac('sha256', TEST_SECRETS.PAYMENT_SIGNING_SECRET).update(`${paymentId}:confirmed:${amount_bani}`).digest('hex');
  await call('POST', '/api/v1/payments/ipn', { body: { payment_id: paymentId, status: 'confirmed', amount_bani, signature } });
  const paid = (await call('GET', `/api/v1/orders/${id}`, { token })).body.data;
  expect(paid.status).toBe('paid');
  return { orderId: id, policyId: paid.policy_id as number };
}

const download = async (path: string) => {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('document downloads', () => {
  it('a document downloaded again is not rendered again; a changed document is', async () => {
    const { orderId, policyId } = await paidOrder();
    const gate = pdfGate(t.server.ctx);
    const policyPath = `/api/v1/policies/${policyId}/document`;
    const invoicePath = `/api/v1/orders/${orderId}/invoice`;

    const before = gate.renders;
    const first = await download(policyPath);
    expect(first.res.status).toBe(200);
    expect(first.bytes.subarray(0, 4).toString()).toBe('%PDF');
    for (let i = 0; i < 5; i += 1) {
      const again = await download(policyPath);
      expect(again.res.status).toBe(200);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
    const invoice = await download(invoicePath);
    expect(invoice.res.status).toBe(200);
    expect((await download(invoicePath)).bytes.equals(invoice.bytes)).toBe(true);
    expect(gate.renders - before).toBe(2);

    // The document changes (the broker's details on it): the next download is rendered from the new content.
    const broker = JSON.parse(t.server.db.prepare("SELECT value FROM settings WHERE key = 'broker'").pluck().get() as string);
    t.server.db.prepare("UPDATE settings SET value = ? WHERE key = 'broker'").run(JSON.stringify({ ...broker, phone: '0211234567' }));
    const changed = await download(policyPath);
    expect(changed.res.status).toBe(200);
    expect(changed.bytes.equals(first.bytes)).toBe(false);
    expect(gate.renders - before).toBe(3);
  });

  it('past PDF_MAX_CONCURRENT_RENDERS a download gets 503 pdf_busy with Retry-After and a Romanian message', async () => {
    const { orderId, policyId } = await paidOrder();
    const gate = pdfGate(t.server.ctx);
    // The one render slot is taken (another download being rendered).
    let finish!: (bytes: Buffer) => void;
    const held = gate.render('test:held', () => new Promise<Buffer>((resolve) => (finish = resolve)));
    const busy = await fetch(`${t.url}/api/v1/policies/${policyId}/document`, { headers: { authorization: `Bearer ${token}` } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    const body = await busy.json();
    expect(body.error).toMatchObject({ code: 'pdf_busy', pretty_message: expect.stringContaining('reîncercați') });
    expect((await download(`/api/v1/orders/${orderId}/invoice`)).res.status).toBe(503);

    finish(Buffer.from('%PDF-held'));
    await held;
    expect((await download(`/api/v1/policies/${policyId}/document`)).res.status).toBe(200);
  });
});

describe('the render gate', () => {
  it('shares one render between concurrent downloads of a document, and refuses a render past the cap', async () => {
    const gate = new PdfRenderGate(1, 1024);
    let finish!: (bytes: Buffer) => void;
    let rendered = 0;
    const render = () => {
      rendered += 1;
      return new Promise<Buffer>((resolve) => (finish = resolve));
    };
    const a = gate.render('doc:a', render);
    const b = gate.render('doc:a', render);
    await expect(gate.render('doc:b', render)).rejects.toMatchObject({ status: 503, code: 'pdf_busy' });
    finish(Buffer.from('a'));
    expect((await a).toString()).toBe('a');
    expect((await b).toString()).toBe('a');
    expect(rendered).toBe(1);
    expect((await gate.render('doc:a', render)).toString()).toBe('a');
    expect(rendered).toBe(1);
  });

  it('keeps at most its byte budget, least recently used out first; a failed render frees its slot', async () => {
    const gate = new PdfRenderGate(1, 10);
    const of = (text: string) => () => Promise.resolve(Buffer.from(text));
    await gate.render('a', of('aaaa'));
    await gate.render('b', of('bbbb'));
    await gate.render('a', of('xxxx')); // a hit: a is now the most recent
    await gate.render('c', of('cccc')); // 12 bytes: b goes
    expect(gate.renders).toBe(3);
    expect((await gate.render('a', of('new'))).toString()).toBe('aaaa');
    expect((await gate.render('b', of('new'))).toString()).toBe('new');
    await expect(gate.render('d', () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect((await gate.render('e', of('e'))).toString()).toBe('e');
  });

  it('settings: 2 renders and 32 MiB by default; 0 MiB keeps nothing; out of range is refused', async () => {
    const base = { ...TEST_CONFIG_ENV, NODE_ENV: 'test' };
    expect(loadConfig(base).pdf).toEqual({ maxConcurrentRenders: 2, cacheBytes: 32 * 1024 * 1024 });
    expect(loadConfig({ ...base, PDF_MAX_CONCURRENT_RENDERS: '4', PDF_CACHE_MB: '0' }).pdf).toEqual({ maxConcurrentRenders: 4, cacheBytes: 0 });
    expect(() => loadConfig({ ...base, PDF_MAX_CONCURRENT_RENDERS: '0' })).toThrow(/PDF_MAX_CONCURRENT_RENDERS/);
    expect(() => loadConfig({ ...base, PDF_CACHE_MB: 'mult' })).toThrow(/PDF_CACHE_MB/);
    const none = new PdfRenderGate(1, 0);
    await none.render('a', () => Promise.resolve(Buffer.from('a')));
    await none.render('a', () => Promise.resolve(Buffer.from('a')));
    expect(none.renders).toBe(2);
  });
});
