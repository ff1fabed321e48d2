import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, FakeClock, fields, login, rcaInput, startServer, WEB, otherCustomer, type Call, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

let t: TestServer;
let call: Call;
let token: string;
const clock = new FakeClock(Date.now());
const DAY = 86_400_000;
const seededAt = clock.now().getTime();

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const consents = { terms: true, product_sheet: true, data_processing: true };
const leasingCar = {
  registration_plate: 'IF10AAA',
  vin: 'WBA3A5C51CF256789',
  vehicle: { category: 'car', make: 'BMW', model: '320d', fuel: 'diesel', year: 2016, max_mass_kg: 2045, engine_cc: 1995, power_kw: 140, seats: 5, use_type: 'personal' },
};

async function renewablePolicyId(): Promise<{ id: number; ends_on: string }> {
  const list = (await call('GET', '/api/v1/policies', { token })).body.data as { id: number; product_code: string; ends_on: string; input: { registration_plate: string } }[];
  const p = list.find((x) => x.product_code === 'rca' && x.input.registration_plate === 'CJ45XYZ')!;
  return { id: p.id, ends_on: p.ends_on };
}
const renewalInput = (id: number, start: string) =>
  rcaInput({
    registration_plate: 'CJ45XYZ', vin: 'UU1HSDAAG52345678',
    vehicle: { category: 'car', make: 'Dacia', model: 'Logan', fuel: 'lpg', year: 2020, max_mass_kg: 1560, engine_cc: 999, power_kw: 67, seats: 5, use_type: 'personal' },
    owner: { type: 'person', cnp: '2901123123456', driving_licence_date: '2010-05-01' },
    renewal_of: id, start_date: start,
  }, clock);

async function payNow(orderId: number, tok = token) {
  const p = (await call('POST', `/api/v1/orders/${orderId}/payments`, { token: tok, body: { return_url: `${WEB}/thank-you` } })).body.data;
  const signature = new URL(p.redirect_url).searchParams.get('signature')!;
  await fetch(`${t.url}/payment-processor/checkout/${p.payment_id}/confirm`, { method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual' });
  return (await call('GET', `/api/v1/orders/${orderId}`, { token: tok })).body.data;
}

describe('company register', () => {
  it('looks a company up by CUI (with or without RO) and answers 404 / 422 otherwise', async () => {
    const res = await call('GET', '/api/v1/companies/RO15900825');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cui: '15900825', name: 'Leasing Demo IFN SA', is_leasing: true });
    expect((await call('GET', '/api/v1/companies/14725831')).body.data.name).toBe('Transport Exemplu SRL');
    const unknown = await call('GET', '/api/v1/companies/40351604');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('company_not_found');
    expect((await call('GET', '/api/v1/companies/14725832')).status).toBe(422); // wrong check digit
  });
});

describe('partner registry', () => {
  it('lists the active partners and answers 404 for an unknown or inactive code', async () => {
    const list = (await call('GET', '/api/v1/partners')).body.data as { code: string }[];
    expect(list.map((p) => p.code)).toEqual(['abc', 'autodemo', 'fara-tema']);
    expect((await call('GET', '/api/v1/partners/ABC')).body.data).toEqual({ code: 'abc', name: 'Banca ABC', theme_enabled: true });
    expect((await call('GET', '/api/v1/partners/banca_falsa')).status).toBe(404);
    expect((await call('GET', '/api/v1/partners/inactiv')).status).toBe(404);
  });

  it('refuses a quote for an unknown partner and an order claiming another partner than its quote', async () => {
    const bad = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', partner_code: 'banca_falsa', input: rcaInput({}, clock) } });
    expect(fields(bad)).toEqual({ partner_code: ['Partenerul nu există.'] });
    const plain = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
    expect(plain.partner_code).toBeNull();
    const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
    const forged = await call('POST', '/api/v1/orders', { token, body: { quote_id: plain.id, offer_id: plain.offers[0].id, customer, consents, partner_code: 'abc' } });
    expect(Object.keys(fields(forged))).toEqual(['partner_code']);
    const partnerQuote = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', partner_code: 'ABC', input: rcaInput({}, clock) } })).body.data;
    expect(partnerQuote.partner_code).toBe('abc');
    const order = await call('POST', '/api/v1/orders', { token, body: { quote_id: partnerQuote.id, offer_id: partnerQuote.offers[0].id, customer, consents } });
    expect(order.body.data.partner_code).toBe('abc');
  });
});

describe('RCA renewal start date', () => {
  it('accepts the day after the old policy ends, 31 days ahead, for a renewal bought 30 days before the end', async () => {
    clock.set(seededAt - 10 * DAY); // the seeded RCA policy now ends in 30 days
    try {
      const { id, ends_on } = await renewablePolicyId();
      expect(ends_on).toBe(dayFromNow(clock, 30));
      const start = dayFromNow(clock, 31);
      const plain = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: { ...renewalInput(id, start), renewal_of: undefined } } });
      expect(Object.keys(fields(plain))).toEqual(['start_date']);
      const anonymous = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: renewalInput(id, start) } });
      expect(Object.keys(fields(anonymous))).toEqual(['renewal_of']);
      const other = await otherCustomer(call);
      expect(Object.keys(fields(await call('POST', '/api/v1/quotes', { token: other, body: { product_code: 'rca', input: renewalInput(id, start) } })))).toEqual(['renewal_of']);
      const renewal = await call('POST', '/api/v1/quotes', { token, body: { product_code: 'rca', input: renewalInput(id, start) } });
      expect(renewal.status).toBe(201);
      expect(renewal.body.data.input.start_date).toBe(start);
      const late = await call('POST', '/api/v1/quotes', { token, body: { product_code: 'rca', input: renewalInput(id, dayFromNow(clock, 32)) } });
      expect(Object.keys(fields(late))).toEqual(['start_date']);
      const otherCar = await call('POST', '/api/v1/quotes', { token, body: { product_code: 'rca', input: { ...renewalInput(id, start), ...leasingCar } } });
      expect(Object.keys(fields(otherCar))).toEqual(['renewal_of']);
    } finally {
      clock.set(seededAt);
    }
  });

  it('refuses a renewal more than 30 days before the old policy ends', async () => {
    clock.set(seededAt - 11 * DAY);
    try {
      const { id } = await renewablePolicyId();
      const res = await call('POST', '/api/v1/quotes', { token, body: { product_code: 'rca', input: renewalInput(id, dayFromNow(clock, 32)) } });
      expect(fields(res)).toEqual({ start_date: ['Polița se poate reînnoi cu cel mult 30 de zile înainte de expirare.'] });
    } finally {
      clock.set(seededAt);
    }
  });
});

describe('company and leasing buyers', () => {
  const leasing = (user: unknown = null) =>
    rcaInput({ ...leasingCar, owner: { type: 'company', cui: 'RO14725831' }, user }, clock);

  it('names a company owner from the register and asks for a name the register does not know', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: leasing() } })).body.data;
    expect(q.input.owner).toMatchObject({ type: 'company', cui: '14725831', name: 'Transport Exemplu SRL' });
    expect(q.offers[0].bonus_malus_class).toBe('B2');
    const unknown = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({ ...leasingCar, owner: { type: 'company', cui: '40351604' } }, clock) } });
    expect(Object.keys(fields(unknown))).toEqual(['owner.name']);
    const typed = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({ ...leasingCar, owner: { type: 'company', cui: '40351604', name: 'Firmă Nouă SRL' } }, clock) } });
    expect(typed.body.data.input.owner.name).toBe('Firmă Nouă SRL');
  });

  it('requires the company buyer to be the owner company, with its name', async () => {
    const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: leasing() } })).body.data;
    const person = { first_name: 'Ioana', last_name: 'Testescu', email: 'client@exemplu.ro', phone_number: '0722123456' };
    const noName = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer: { ...person, cui: '14725831' }, consents } });
    expect(Object.keys(fields(noName))).toEqual(['customer.company_name']);
    const otherCompany = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer: { ...person, cui: '36020513', company_name: 'Atelier Auto Demo SRL' }, consents } });
    expect(Object.keys(fields(otherCompany))).toEqual(['customer.cui']);
  });

  it('prints the company, its CUI, the user, the vehicle and the bonus-malus class on the policy', async () => {
    const q = (await call('POST', '/api/v1/quotes', {
      body: { product_code: 'rca', input: leasing({ type: 'person', first_name: 'Ioana', last_name: 'Testescu', cnp: '1850615400011' }) },
    })).body.data;
    const offer = q.offers.find((o: { direct_settlement: boolean }) => o.direct_settlement);
    const customer = { first_name: 'Ioana', last_name: 'Testescu', email: 'client@exemplu.ro', phone_number: '0722123456', cui: '14725831', company_name: 'Transport Exemplu SRL' };
    const order = (await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: offer.id, customer, consents } })).body.data;
    expect(order.buyer).toEqual({ type: 'company', name: 'Transport Exemplu SRL', cui: '14725831' });
    const paid = await payNow(order.id);
    expect(paid.status).toBe('paid');
    const pdf = await fetch(`${t.url}/api/v1/policies/${paid.policy_id}/document`, { headers: { authorization: `Bearer ${token}` } });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Transport Exemplu SRL, CUI: 14725831');
    expect(text).toContain('Persoană de contact: Ioana Testescu');
    expect(text).toContain('Utilizator Ioana Testescu, CNP: 1850615400011');
    expect(text).toContain('WBA3A5C51CF256789');
    expect(text).toContain('BMW 320d');
    expect(text).toContain('1.995 cm³');
    expect(text).toContain('140 kW');
    // The bonus-malus follows the user (Ioana's history with this VIN: none → B0).
    expect(text).toMatch(/Clasă bonus-malus: B0/);
    expect(text).toMatch(/Decontare directă: Da/);
    const months = 'ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie';
    expect(text).toMatch(new RegExp(`Emisă la \\d{1,2} (${months}) \\d{4}`));
    expect(text).toContain('Broker Online');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
