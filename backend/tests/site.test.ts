import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { ADMIN_HEADERS, client, startServer, TEST_CONFIG_ENV, type Call, type TestServer } from './helpers';
import { setMaintenance } from '../src/cli/maintenance';
import { parseFlagArgs, setProductFlags } from '../src/cli/product-status';
import { loadConfig } from '../src/config';

let t: TestServer;
let call: Call;
const ADMIN = ADMIN_HEADERS;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
});
afterAll(() => t.close());

describe('products', () => {
  it('lists the products with the status header', async () => {
    const res = await call('GET', '/api/v1/products');
    expect(res.status).toBe(200);
    const codes = res.body.data.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['rca', 'travel', 'house-insurance', 'tire', 'michelin-tiresecureplus', 'ro-vignette', 'hu-vignette']);
    const header = JSON.parse(res.headers.get('x-site-product-statuses')!);
    expect(header).toMatchObject({ id: 1, is_ro_vignette_available: false, is_hu_vignette_available: false, is_rca_available: true, is_travel_available: true, is_house_insurance_available: true, deleted_at: null });
    const rca = res.body.data[0];
    expect(rca).toMatchObject({ name: 'Asigurare RCA', is_available: true, min_period: 1, max_period: 12 });
    expect(rca.insurers).toContainEqual({ code: 'allianz-tiriac', name: 'Allianz-Țiriac' });
  });

  it('answers one product by code with the header, 404 for an unknown code', async () => {
    for (const code of ['rca', 'travel', 'house-insurance', 'tire', 'michelin-tiresecureplus']) {
      const res = await call('GET', `/api/v1/products/${code}`);
      expect(res.status).toBe(200);
      expect(res.body.data.code).toBe(code);
      expect(res.headers.get('x-site-product-statuses')).toBeTruthy();
    }
    const missing = await call('GET', '/api/v1/products/vignette');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', pretty_message: 'Produsul nu există.' });
  });

  it('changes updated_at and is_available after a flag change (admin and CLI)', async () => {
    const before = JSON.parse((await call('GET', '/api/v1/products')).headers.get('x-site-product-statuses')!);
    expect((await call('PUT', '/admin/product-statuses', { body: { is_rca_available: false } })).status).toBe(403);
    const upd = await call('PUT', '/admin/product-statuses', { headers: ADMIN, body: { is_rca_available: false } });
    expect(upd.body.data.is_rca_available).toBe(false);
    const after = await call('GET', '/api/v1/products');
    const header = JSON.parse(after.headers.get('x-site-product-statuses')!);
    expect(header.is_rca_available).toBe(false);
    expect(header.updated_at).not.toBe(before.updated_at);
    expect(after.body.data[0].is_available).toBe(false);

    const cfg = loadConfig({ ...TEST_CONFIG_ENV, BACKEND_PORT: new URL(t.url).port, DATABASE_PATH: t.config.databasePath });
    const { status, via } = await setProductFlags(cfg, parseFlagArgs(['rca=on', 'ro_vignette=on', 'house-insurance=off']));
    expect(via).toBe('server');
    expect(status).toMatchObject({ is_rca_available: true, is_ro_vignette_available: true, is_house_insurance_available: false });
    const third = JSON.parse((await call('GET', '/api/v1/products/rca')).headers.get('x-site-product-statuses')!);
    expect(third.updated_at > header.updated_at).toBe(true);
    expect(() => parseFlagArgs(['nimic=on'])).toThrow();
  });
});

describe('maintenance', () => {
  it('turns /api/v1 calls into 503 {code: 503} and back, via the admin API', async () => {
    expect((await call('GET', '/api/v1/maintenances/status')).body.data).toEqual({ is_active: false, message: null });
    await call('POST', '/admin/maintenance', { headers: ADMIN, body: { is_active: true, message: 'Revenim la ora 12.' } });
    const blocked = await call('GET', '/api/v1/products');
    expect(blocked.status).toBe(503);
    expect(blocked.body.error).toMatchObject({ code: 503, pretty_message: 'Revenim la ora 12.' });
    expect((await call('POST', '/api/v1/auth/login', { body: {} })).status).toBe(503);
    expect((await call('GET', '/api/v1/maintenances/status')).body.data).toEqual({ is_active: true, message: 'Revenim la ora 12.' });
    await call('POST', '/admin/maintenance', { headers: ADMIN, body: { is_active: false } });
    expect((await call('GET', '/api/v1/products')).status).toBe(200);
  });

  it('is switched by the CLI function while the server runs', async () => {
    const cfg = loadConfig({ ...TEST_CONFIG_ENV, BACKEND_PORT: new URL(t.url).port, DATABASE_PATH: t.config.databasePath });
    const on = await setMaintenance(cfg, true);
    expect(on).toMatchObject({ via: 'server', state: { is_active: true } });
    expect((await call('GET', '/api/v1/insurers')).status).toBe(503);
    await setMaintenance(cfg, false);
    expect((await call('GET', '/api/v1/insurers')).status).toBe(200);
  });

  it('is picked up from the database when the CLI had no server to call', async () => {
    // A port nobody listens on: the CLI writes the database; the running server sees the change.
    const cfg = loadConfig({ ...TEST_CONFIG_ENV, BACKEND_PORT: '1', DATABASE_PATH: t.config.databasePath });
    const on = await setMaintenance(cfg, true);
    expect(on.via).toBe('database');
    expect((await call('GET', '/api/v1/faq')).status).toBe(503);
    await setMaintenance(cfg, false);
    expect((await call('GET', '/api/v1/faq')).status).toBe(200);
  });
});

describe('content', () => {
  it('serves FAQ groups, info pages, insurers', async () => {
    const faq = await call('GET', '/api/v1/faq');
    expect(faq.body.data[0]).toMatchObject({ category: 'RCA', questions: expect.arrayContaining([expect.objectContaining({ id: 'ce-este-rca' })]) });
    const pages = await call('GET', '/api/v1/info-pages');
    expect(pages.body.data.map((p: { slug: string }) => p.slug)).toEqual(['termeni-si-conditii', 'confidentialitate', 'cookies', 'anpc-sal', 'despre-noi']);
    const about = await call('GET', '/api/v1/info-pages/despre-noi');
    expect(about.body.data.body_html).toContain('RBK-');
    expect(about.body.data.body_html).toContain('salfin.ro');
    expect(about.body.data.body_html).not.toContain('ec.europa.eu/consumers/odr');
    expect((await call('GET', '/api/v1/info-pages/nu-exista')).status).toBe(404);
    const insurers = await call('GET', '/api/v1/insurers');
    expect(insurers.body.data).toContainEqual({ code: 'allianz-tiriac', name: 'Allianz-Țiriac' });
    // comma-below ș/ț, never cedilla ş/ţ
    expect(faq.text + about.text + insurers.text).not.toMatch(/[şţŞŢ]/);
  });

  it('looks vehicles up by plate and/or VIN', async () => {
    const byPlate = await call('GET', '/api/v1/vehicles/lookup?registration_plate=b-123-abc');
    expect(byPlate.body.data).toMatchObject({ registration_plate: 'B123ABC', vin: 'WVWZZZ1JZXW000001', make: 'Volkswagen', model: 'Golf', category: 'car' });
    const byVin = await call('GET', '/api/v1/vehicles/lookup?vin=UU1HSDAAG52345678');
    expect(byVin.body.data.make).toBe('Dacia');
    const both = await call('GET', '/api/v1/vehicles/lookup?registration_plate=IF10AAA&vin=WBA3A5C51CF256789');
    expect(both.body.data.model).toBe('320d');
    const none = await call('GET', '/api/v1/vehicles/lookup?registration_plate=CJ99ZZZ');
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('vehicle_not_found');
    const bad = await call('GET', '/api/v1/vehicles/lookup?registration_plate=XX1');
    expect(JSON.parse(bad.body.error.message)).toEqual({ registration_plate: ['Numărul de înmatriculare nu este valid.'] });
    expect((await call('GET', '/api/v1/vehicles/lookup')).status).toBe(422);
  });

  it('stores contact messages, cookie consents and analytics events', async () => {
    const contact = await call('POST', '/api/v1/contact-messages', { body: { name: 'Ion Pop', email: 'ion@exemplu.ro', subject: 'Întrebare', message: 'Aș dori detalii despre RCA.', token: '' } });
    expect(contact.status).toBe(201);
    expect(contact.body.data.id).toBeGreaterThan(0);
    const shortMsg = await call('POST', '/api/v1/contact-messages', { body: { name: 'Ion Pop', email: 'ion@exemplu.ro', subject: 'Î', message: 'scurt' } });
    expect(Object.keys(JSON.parse(shortMsg.body.error.message))).toEqual(['subject', 'message']);

    const consent = await call('POST', '/api/v1/cookie-consents', { body: { consent: 'essential', token: '' }, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(consent.status).toBe(201);
    expect(consent.body.data).toMatchObject({ consent: 'essential' });
    const row = t.server.db.prepare('SELECT ip FROM cookie_consents WHERE id = ?').get(consent.body.data.id) as { ip: string };
    expect(row.ip).toBe('203.0.113.7');
    const readBack = await call('GET', '/dev/cookie-consents');
    expect(readBack.body.data[0]).toMatchObject({ id: consent.body.data.id, consent: 'essential', ip: '203.0.113.7' });
    const counts = await call('GET', '/dev/counts');
    expect(counts.body.data).toMatchObject({ cookie_consents: 1, contact_messages: 1 });
    expect((await call('POST', '/api/v1/cookie-consents', { body: { consent: 'maybe' } })).status).toBe(422);

    const long = await call('POST', '/api/event', { body: { name: 'pageview', url: 'http://localhost:3000/rca', domain: 'localhost', referrer: null, props: { partner: 'x' } } });
    expect(long.status).toBe(202);
    expect(long.body.data).toEqual({ ok: true });
    const short = await call('POST', '/api/event', { raw: JSON.stringify({ n: 'pageview', u: 'http://localhost:3000/', d: 'localhost', r: null, p: '{"a":"b"}' }), headers: { 'content-type': 'text/plain' } });
    expect(short.status).toBe(202);
    const n = t.server.db.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get();
    expect(n).toBe(2);
    expect((await call('POST', '/api/event', { body: { n: 'x' } })).status).toBe(422);
  });
});

describe('profile and preferences', () => {
  it('reads and updates the profile and preferences', async () => {
    const login = await call('POST', '/api/v1/auth/login', { body: { email: 'client@exemplu.ro', password: 'Parola-Demo-2026' } });
    const token = login.body.data.access_token;
    expect((await call('GET', '/api/v1/profile', { token })).body.data).toEqual({ email: 'client@exemplu.ro', first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', address: null });
    const address = { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Avram Iancu 1', postal_code: '400000' };
    const upd = await call('PUT', '/api/v1/profile', { token, body: { first_name: 'Ana-Maria', last_name: 'Popescu', phone_number: '0722 123 999', address } });
    expect(upd.body.data).toEqual({ email: 'client@exemplu.ro', first_name: 'Ana-Maria', last_name: 'Popescu', phone_number: '0722123999', address });
    const bad = await call('PUT', '/api/v1/profile', { token, body: { first_name: '', last_name: 'P', phone_number: '0211234567', address: { county: 'Cluj', town: '', street: 'x', postal_code: '12' } } });
    expect(Object.keys(JSON.parse(bad.body.error.message)).sort()).toEqual(['address.postal_code', 'address.town', 'first_name', 'phone_number']);
    const prefs = await call('GET', '/api/v1/preferences', { token });
    expect(prefs.body.data).toEqual({ is_dark_theme: null, marketing_email: false, marketing_sms: false, notify_expiry_email: true, notify_expiry_sms: false, date_locale: 'ro' });
    const p2 = await call('PUT', '/api/v1/preferences', { token, body: { ...prefs.body.data, is_dark_theme: true, date_locale: 'fr' } });
    expect(p2.body.data).toMatchObject({ is_dark_theme: true, date_locale: 'fr' });
    expect((await call('PUT', '/api/v1/preferences', { token, body: { date_locale: 'de' } })).status).toBe(422);
    expect((await call('GET', '/api/v1/profile')).status).toBe(401);
  });
});

describe('bad input never 500s', () => {
  it('answers 400 for malformed JSON, 413 for huge bodies, 422 for wrong types, 404 for unknown routes', async () => {
    const malformed = await call('POST', '/api/v1/auth/register', { raw: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');
    const huge = await call('POST', '/api/v1/contact-messages', { raw: JSON.stringify({ message: 'x'.repeat(1.2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    for (const body of [[], 'text', 42, null, { email: 5, password: { a: 1 } }]) {
      const res = await call('POST', '/api/v1/auth/login', { raw: JSON.stringify(body) });
      expect(res.status).toBe(422);
    }
    const types = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: { registration_plate: 5, vehicle: 'x', period_months: 'doisprezece' } } });
    expect(types.status).toBe(422);
    const notFound = await call('GET', '/api/v1/nu-exista');
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.code).toBe('not_found');
    expect((await call('GET', '/api/v1/orders/abc', { token: null })).status).toBe(401);
    expect((await call('POST', '/api/v1/auth/login', { raw: 'a=b', headers: { 'content-type': 'application/xml' } })).status).toBe(415);
    expect((await call('GET', '/api/v1/products')).status).toBe(200);
  });
});

describe('dev endpoints and DNS rebinding', () => {
  /** GET with a Host header of the caller's choosing (fetch does not let a caller set it). */
  function getWithHost(path: string, host: string): Promise<number> {
    const { port } = new URL(t.url);
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answer a request addressed to a loopback name, and refuse one addressed to another name that resolved here', async () => {
    const { port } = new URL(t.url);
    expect(await getWithHost('/dev/outbox', `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost('/dev/outbox', `localhost:${port}`)).toBe(200);
    expect(await getWithHost('/dev/outbox', `[::1]:${port}`)).toBe(200);
    expect(await getWithHost('/dev/outbox', `rebind.evil.example:${port}`)).toBe(403);
    expect(await getWithHost('/dev/outbox', `127.0.0.1.evil.example`)).toBe(403);
    // The public API is not bound to a host name (the BFF calls it by whatever name it is configured with).
    expect(await getWithHost('/api/v1/maintenances/status', `rebind.evil.example:${port}`)).toBe(200);
  });
});
