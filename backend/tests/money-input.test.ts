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
