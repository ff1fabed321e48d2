import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, login, outbox, rcaInput, startServer, TEST_SECRETS, WEB, type Call, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

// Background jobs off: the test sends the processor's notifications itself, repeated and concurrent.
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

const consents = { terms: true, product_sheet: true, data_processing: true };
const person = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const leasingCar = {
  registration_plate: 'IF10AAA',
  vin: 'WBA3A5C51CF256789',
  vehicle: { category: 'car', make: 'BMW', model: '320d', fuel: 'diesel', year: 2016, max_mass_kg: 2045, engine_cc: 1995, power_kw: 140, seats: 5, use_type: 'personal' },
};
const months = 'ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie';

async function newOrder(input = rcaInput({}, clock), customer: Record<string, unknown> = person, tok = token) {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input } })).body.data;
  const res = await call('POST', '/api/v1/orders', { token: tok, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; amount_bani: number; number: string };
}

async function startPayment(orderId: number, tok = token) {
  const p = await call('POST', `/api/v1/orders/${orderId}/payments`, { token: tok, body: { return_url: `${WEB}/thank-you` } });
  expect(p.status).toBe(201);
  return p.body.data.payment_id as string;
}

/** The processor's signed notification, sent directly (as its retries would). */
function ipn(paymentId: string, amountBani: number) {
  const signature = createHmac('sha256', TEST_SECRETS.PAYMENT_SIGNING_SECRET).update(`${paymentId}:confirmed:${amountBani}`).digest('hex');
  return call('POST', '/api/v1/payments/ipn', { body: { payment_id: paymentId, status: 'confirmed', amount_bani: amountBani, signature } });
}

async function invoiceText(orderId: number, tok = token) {
  const res = await fetch(`${t.url}/api/v1/orders/${orderId}/invoice`, { headers: { authorization: `Bearer ${tok}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

const invoiceRows = () =>
  t.server.db.prepare('SELECT order_id, year, seq, number FROM invoices ORDER BY year, seq').all() as { order_id: number; year: number; seq: number; number: string }[];

describe('invoice numbers', () => {
  it('are gap-free and one per order under repeated and concurrent notifications', async () => {
    const orders: Awaited<ReturnType<typeof newOrder>>[] = [];
    for (let i = 0; i < 5; i++) orders.push(await newOrder());
    const payments = await Promise.all(orders.map((o) => startPayment(o.id)));
    // Every order's confirmation three times over, all at once, as a processor retrying in parallel might.
    const answers = await Promise.all(orders.flatMap((o, i) => [0, 1, 2].map(() => ipn(payments[i], o.amount_bani))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.outcome === 'paid')).toHaveLength(5);
    expect(answers.filter((a) => a.body.data.outcome === 'duplicate')).toHaveLength(10);
    // And once more, later.
    expect((await ipn(payments[0], orders[0].amount_bani)).body.data.outcome).toBe('duplicate');

    const rows = invoiceRows();
    for (const o of orders) expect(rows.filter((r) => r.order_id === o.id)).toHaveLength(1);
    for (const year of new Set(rows.map((r) => r.year))) {
      const seqs = rows.filter((r) => r.year === year).map((r) => r.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    const ours = rows.filter((r) => orders.some((o) => o.id === r.order_id));
    expect(ours.every((r) => /^FBRK-2026-\d{6}$/.test(r.number))).toBe(true);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);

    const listed = (await call('GET', `/api/v1/orders/${orders[0].id}`, { token })).body.data;
    expect(listed.invoice).toEqual({ number: ours.find((r) => r.order_id === orders[0].id)!.number, issued_on: '2026-11-23', document_url: `/api/v1/orders/${orders[0].id}/invoice` });
  });

  it('are held by the schema: one invoice per order, one number per year and sequence', () => {
    const row = t.server.db.prepare('SELECT * FROM invoices ORDER BY id DESC LIMIT 1').get() as Record<string, unknown>;
    const insert = t.server.db.prepare(
      'INSERT INTO invoices (order_id, year, seq, number, issued_on, amount_bani, payment_id, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const copy = (over: Record<string, unknown>) => {
      const r = { ...row, ...over };
      return () => insert.run(r.order_id, r.year, r.seq, r.number, r.issued_on, r.amount_bani, r.payment_id, r.content, r.created_at);
    };
    expect(copy({ seq: 999_999, number: 'FBRK-test-1' })).toThrow(/UNIQUE constraint failed: invoices.order_id/);
    expect(copy({ order_id: 999_999, number: 'FBRK-test-2' })).toThrow(/UNIQUE constraint failed: invoices.year, invoices.seq/);
  });

  it('start again at 1 in a new year, counted in Bucharest time', async () => {
    clock.set('2026-12-31T22:30:00Z'); // 1 January 2027, 00:30 in Bucharest
    try {
      const fresh = await login(call, 'client@exemplu.ro'); // the earlier session has expired by now
      const o = await newOrder(rcaInput({}, clock), person, fresh);
      await ipn(await startPayment(o.id, fresh), o.amount_bani);
      const order = (await call('GET', `/api/v1/orders/${o.id}`, { token: fresh })).body.data;
      expect(order.invoice).toMatchObject({ number: 'FBRK-2027-000001', issued_on: '2027-01-01' });
      expect(await invoiceText(o.id, fresh)).toContain('Data emiterii: 1 ianuarie 2027');
    } finally {
      clock.set('2026-11-23T08:00:00Z');
    }
  });
});

describe('the invoice document', () => {
  it("is made out to a company buyer: name, CUI, trade register and address from the register, the policy's line", async () => {
    const input = rcaInput({ ...leasingCar, owner: { type: 'company', cui: 'RO14725831' }, user: { type: 'person', first_name: 'Ioana', last_name: 'Testescu', cnp: '1850615400011' } }, clock);
    const customer = { first_name: 'Ioana', last_name: 'Testescu', email: 'client@exemplu.ro', phone_number: '0722123456', cui: '14725831', company_name: 'Transport Exemplu SRL' };
    const o = await newOrder(input, customer);
    const paymentId = await startPayment(o.id);
    await ipn(paymentId, o.amount_bani);
    const order = (await call('GET', `/api/v1/orders/${o.id}`, { token })).body.data;
    const policy = (await call('GET', `/api/v1/policies/${order.policy_id}`, { token })).body.data;

    const text = await invoiceText(o.id);
    expect(text).toContain('Factură');
    expect(text).toContain(`Număr factură: ${order.invoice.number}`);
    expect(text).toMatch(/Cumpărător Denumire: Transport Exemplu SRL CUI: 14725831 Nr\. Registrul Comerțului: J12\/345\/2002 Sediu: Str\. Fabricii nr\. 5, Cluj-Napoca, jud\. Cluj/);
    expect(text).toContain('Persoană de contact: Ioana Testescu');
    // The seller: the broker's identity.
    expect(text).toMatch(/Furnizor Denumire: Asigurări Broker Online SRL CUI: RO12345674 Nr\. Registrul Comerțului: J40\/1234\/2015/);
    expect(text).toContain('RBK-1234');
    // The line: product, insured object, insurer, policy number and period, amount.
    expect(text).toContain('IF10AAA, VIN WBA3A5C51CF256789');
    expect(text).toContain(`Asigurător: ${order.insurer.name}`);
    expect(text).toContain(`Poliță nr.: ${policy.number}`);
    expect(text).toMatch(new RegExp(`Perioada: \\d{1,2} (${months}) \\d{4} – \\d{1,2} (${months}) \\d{4}`));
    const lei = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(o.amount_bani / 100);
    expect(text).toContain(`Total de plată: ${lei}`);
    expect(text).toContain('Scutit de TVA conform art. 292 alin. (2) lit. b) din Codul fiscal');
    expect(text).toContain(`Referința plății: ${paymentId}`);
    expect(text).toContain(`Comanda: ${o.number}`);
    expect(text).toContain('Data emiterii: 23 noiembrie 2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("is made out to a person buyer with the person's name", async () => {
    const o = await newOrder();
    await ipn(await startPayment(o.id), o.amount_bani);
    const text = await invoiceText(o.id);
    expect(text).toMatch(/Cumpărător Nume: Ana Popescu/);
    expect(text).not.toContain('Transport Exemplu SRL');
    expect(text).toContain('B123ABC, VIN WVWZZZ1JZXW000001');
  });

  it('goes with the policy in the policy mail', async () => {
    const o = await newOrder();
    await ipn(await startPayment(o.id), o.amount_bani);
    const number = (await call('GET', `/api/v1/orders/${o.id}`, { token })).body.data.invoice.number;
    const mails = await outbox(call, 'client@exemplu.ro');
    const mail = mails.find((m) => m.attachments.some((a) => a.filename === `factura-${number}.pdf`));
    expect(mail).toBeDefined();
    expect(mail!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^polita-RCA-/), `factura-${number}.pdf`]);
    expect(mail!.text).toContain(`Factura ${number} este atașată de asemenea și se află în contul dumneavoastră, la secțiunea Comenzi.`);
  });
});

describe('who may download an invoice', () => {
  it("answers 404 for another customer's order and for an unpaid one, 401 without a session", async () => {
    const paid = await newOrder();
    await ipn(await startPayment(paid.id), paid.amount_bani);
    const register = await call('POST', '/api/v1/auth/register', {
      body: { email: 'alt.client@exemplu.ro', phone_number: '0744555666', last_name: 'Marin', first_name: 'Dan', password: 'Zmeura-Albastra-719', password_confirmation: 'Zmeura-Albastra-719', is_default_password: false, token: '' },
    });
    const other = register.body.data.access_token as string;
    const foreign = await call('GET', `/api/v1/orders/${paid.id}/invoice`, { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');

    const unpaid = await newOrder();
    expect((await call('GET', `/api/v1/orders/${unpaid.id}/invoice`, { token })).status).toBe(404);
    expect((await call('GET', `/api/v1/orders/${unpaid.id}`, { token })).body.data.invoice).toBeNull();
    expect((await call('GET', `/api/v1/orders/${paid.id}/invoice`)).status).toBe(401);
  });

  it('needs the second factor like every signed-in call', async () => {
    const pending = await login(call, 'client2fa@exemplu.ro'); // password only: the factor not passed
    const res = await call('GET', '/api/v1/orders/1/invoice', { token: pending });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('two_factor_required');
  });

  it('gives the seeded paid orders their invoices, numbered in the order they were paid', async () => {
    const seeded = t.server.db
      .prepare("SELECT i.number, i.issued_on, o.paid_at FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.id <= 3 ORDER BY o.paid_at")
      .all() as { number: string; issued_on: string }[];
    expect(seeded).toHaveLength(3);
    const byNumber = [...seeded].sort((a, b) => a.number.localeCompare(b.number));
    expect(byNumber.map((s) => s.issued_on)).toEqual(seeded.map((s) => s.issued_on));
  });
});
