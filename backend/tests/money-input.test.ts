import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, fields, login, rcaInput, startServer, type Call, type TestServer } from './helpers';

/**
 * What a direct caller of the API sends that the shop's forms would not: the backend holds the same rules,
 * so no price, cover or document follows from an input the form refuses.
 */
let t: TestServer;
let call: Call;
let token: string;
beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const d = (n: number) => dayFromNow(null, n);
const quote = (product_code: string, input: unknown) => call('POST', '/api/v1/quotes', { body: { product_code, input } });
const travel = (o: Record<string, unknown> = {}) => ({
  zone: 'europe', destination: 'Italia', purpose: 'tourism', trip_type: 'single', start_date: d(1), end_date: d(7), travellers: [{ birth_date: '1990-01-01' }], ...o,
});
const house = (o: Record<string, unknown> = {}) => ({
  address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului 1' }, environment: 'urban', structure: 'A', year_built: 2000, area_sqm: 80, rooms: 3, floors: 1, start_date: d(1), ...o,
});
const tire = (o: Record<string, unknown> = {}) => ({ tire_count: 4, period_years: 1, tire_type: 'standard', rim_band: 'r13_r16', brand: 'Michelin', purchase_date: d(0), ...o });
const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456' };
const consents = { terms: true, product_sheet: true, data_processing: true };

describe('Michelin TireSecure+ through the API', () => {
  it('needs the purchase invoice the form asks for, in the form format', async () => {
    const none = await quote('michelin-tiresecureplus', tire());
    expect(none.status).toBe(422);
    expect(fields(none)).toEqual({ invoice_number: ['Introduceți numărul facturii.'] });
    const blank = await quote('michelin-tiresecureplus', tire({ invoice_number: '   ' }));
    expect(Object.keys(fields(blank))).toEqual(['invoice_number']);
    const forged = await quote('michelin-tiresecureplus', tire({ invoice_number: 'F-1\nFactura: achitată' }));
    expect(Object.keys(fields(forged))).toEqual(['invoice_number']);
    expect((await quote('michelin-tiresecureplus', tire({ invoice_number: 'MCH-2026/0042' }))).status).toBe(201);
    // Other tire plans keep the invoice optional.
    expect((await quote('tire', tire())).status).toBe(201);
  });
});

describe('text that ends up in policies, invoices and mails', () => {
  it('refuses line breaks, control and bidi-override characters in quote texts', async () => {
    const dest = await quote('travel', travel({ destination: 'Italia\nZonă: Toată lumea' }));
    expect(Object.keys(fields(dest))).toEqual(['destination']);
    expect(fields(dest).destination[0]).toMatch(/caractere/);
    const street = await quote('house-insurance', house({ address: { county: 'Cluj', town: 'Cluj\u0000', street: 'Str. X 1\u202E' } }));
    expect(Object.keys(fields(street)).sort()).toEqual(['address.street', 'address.town']);
    const brand = await quote('tire', tire({ brand: 'Pirelli\r\nAnvelope: 4 × Michelin' }));
    expect(Object.keys(fields(brand))).toEqual(['brand']);
    const make = rcaInput();
    const forgedMake = await quote('rca', { ...make, vehicle: { ...make.vehicle, model: 'Golf\u2028Clasă bonus-malus: B8' } });
    expect(Object.keys(fields(forgedMake))).toEqual(['vehicle.model']);
    // Romanian letters, digits and punctuation stay.
    expect((await quote('travel', travel({ destination: 'Țara Galilor, Marea Britanie (Cardiff) – 3 zile' }))).status).toBe(201);
  });

  it('refuses line breaks in the buyer name and company name of an order', async () => {
    const q = (await quote('travel', travel())).body.data;
    const order = (c: Record<string, unknown>) => call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer: { ...customer, ...c }, consents } });
    const name = await order({ first_name: 'Ana\nCNP: 1850615400011' });
    expect(fields(name)).toEqual({ 'customer.first_name': ['Folosiți doar litere, spații și cratime.'] });
    const tab = await order({ last_name: 'Pop\tescu' });
    expect(Object.keys(fields(tab))).toEqual(['customer.last_name']);
    const company = await order({ cui: '14725831', company_name: 'Exemplu SRL\r\nCUI: 1' });
    expect(Object.keys(fields(company))).toEqual(['customer.company_name']);
    const street = await order({ address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. X\u200B\u202E 1' } });
    expect(Object.keys(fields(street))).toEqual(['customer.address.street']);
    expect((await order({ first_name: 'Ana-Maria', last_name: "O'Neil Ștefănescu" })).status).toBe(201);
  });
});

describe('road vignettes through the API', () => {
  it('take only a country of registration the form offers, and each county once', async () => {
    const flags = await call('PUT', '/admin/product-statuses', { headers: { 'x-admin-token': t.config.adminToken }, body: { is_ro_vignette_available: true, is_hu_vignette_available: true } });
    expect(flags.status).toBe(200);
    const rov = { category: 'A', registration_plate: 'ABC123', country: 'XX', start_date: d(0), validity: '30d' };
    const unknown = await quote('ro-vignette', rov);
    expect(fields(unknown)).toEqual({ country: ['Alegeți țara de înmatriculare din listă.'] });
    expect((await quote('ro-vignette', { ...rov, country: 'de' })).status).toBe(201);
    const hu = { category: 'D1', registration_plate: 'CJ45XYZ', country: 'RO', start_date: d(2), validity: 'county_year' };
    const twice = await quote('hu-vignette', { ...hu, counties: ['PEST', 'PEST', 'BACS'] });
    expect(twice.status).toBe(201);
    expect(twice.body.data.input.counties).toEqual(['PEST', 'BACS']);
  });
});

describe('numbers out of range', () => {
  it('say the range, not "enter a number"', async () => {
    expect(fields(await quote('house-insurance', house({ area_sqm: 5 })))).toEqual({ area_sqm: ['Valoarea minimă este 10.'] });
    expect(fields(await quote('tire', tire({ tire_count: 5 })))).toEqual({ tire_count: ['Valoarea maximă este 4.'] });
    expect(fields(await quote('tire', tire({ tire_count: '4' })))).toEqual({ tire_count: ['Introduceți un număr.'] });
    expect(fields(await quote('tire', tire({ tire_count: 2.5 })))).toEqual({ tire_count: ['Introduceți un număr întreg.'] });
  });

  it('a travel cancellation value is whole euros, as the form takes it', async () => {
    const half = await quote('travel', travel({ options: { cancellation_insured_value_eur: 100.5 } }));
    expect(Object.keys(fields(half))).toEqual(['options.cancellation_insured_value_eur']);
  });
});
