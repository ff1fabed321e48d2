import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardrails, generate } from 'otplib';
import { purgeExpiredData } from '../src/modules/retention/service';
import { client, DEMO_PASSWORD, FakeClock, fields, login, rcaInput, startServer, type Call, type TestServer } from './helpers';

/** Idempotency-Key contract (backend/README.md "Idempotency"), issue 13 item 6. */
let t: TestServer;
let call: Call;
let clock: FakeClock;
let token: string;

beforeAll(async () => {
  clock = new FakeClock();
  t = await startServer({ DEV_GOOGLE_SIGN_IN: 'true' }, clock);
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };
const orders = () => t.server.db.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
const users = () => t.server.db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;
const storedBodies = () => t.server.db.prepare('SELECT body FROM idempotency_keys').pluck().all() as string[];

async function orderBody(offerIndex = 0) {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
  return { quote_id: q.id, offer_id: q.offers[offerIndex].id, customer, consents };
}

describe('answers that carry a token are never stored or replayed', () => {
  it('a sign-in key replayed with a wrong password (and a forged X-Forwarded-For) gets no token', async () => {
    const headers = { 'idempotency-key': 'login-key', 'x-forwarded-for': '203.0.113.7' };
    const first = await call('POST', '/api/v1/auth/login', { headers, body: { email: 'client@exemplu.ro', password: DEMO_PASSWORD, token: '' } });
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeTruthy();
    const wrong = await call('POST', '/api/v1/auth/login', { headers, body: { email: 'client@exemplu.ro', password: 'Gresita-2026', token: '' } });
    expect(wrong.status).toBe(422);
    expect(wrong.text).not.toContain(first.body.data.access_token);
    expect(wrong.body.data).toBeUndefined();
    // The same request again signs in again (the password is checked): a new session, nothing replayed.
    const again = await call('POST', '/api/v1/auth/login', { headers, body: { email: 'client@exemplu.ro', password: DEMO_PASSWORD, token: '' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.data.access_token).not.toBe(first.body.data.access_token);
    expect(storedBodies().some((body) => body.includes('access_token'))).toBe(false);
  });

  it('registering twice with one key creates one account; the retry gets "email taken"', async () => {
    const headers = { 'idempotency-key': 'register-key' };
    const body = {
      email: 'idempotent.register@exemplu.ro', phone_number: '0722123456', last_name: 'Ionescu', first_name: 'Dan',
      password: 'Parola-Lunga-2026', password_confirmation: 'Parola-Lunga-2026', token: '',
    };
    const before = users();
    const [a, b] = await Promise.all([
      call('POST', '/api/v1/auth/register', { headers, body }),
      call('POST', '/api/v1/auth/register', { headers, body }),
    ]);
    const c = await call('POST', '/api/v1/auth/register', { headers, body });
    expect(users()).toBe(before + 1);
    const answers = [a, b, c];
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(Object.keys(fields(r))).toEqual(['email']);
      expect(r.text).not.toContain('access_token');
    }
  });

  it('Google and store-from-product-page answers are not replayed', async () => {
    const headers = { 'idempotency-key': 'google-key' };
    const body = { token: 'dev-google:idempotent.google@exemplu.ro:Maria:Pop' };
    const g1 = await call('POST', '/api/v1/auth/social/authentications/google', { headers, body });
    const g2 = await call('POST', '/api/v1/auth/social/authentications/google', { headers, body });
    expect([g1.status, g2.status]).toEqual([200, 200]);
    expect(g2.headers.get('idempotent-replayed')).toBeNull();
    expect(g2.body.data.access_token).not.toBe(g1.body.data.access_token);

    const before = users();
    const storeHeaders = { 'idempotency-key': 'store-key' };
    const storeBody = { customer: { email: 'idempotent.store@exemplu.ro', first_name: 'Ion', last_name: 'Marin', phone_number: '0745111222' }, product_id: 'rca', token: '' };
    const s1 = await call('POST', '/api/v1/users/store-from-product-page', { headers: storeHeaders, body: storeBody });
    const s2 = await call('POST', '/api/v1/users/store-from-product-page', { headers: storeHeaders, body: storeBody });
    expect(s1.status).toBe(201);
    expect(s2.status).toBe(422);
    expect(s2.text).not.toContain(s1.body.data.access_token);
    expect(users()).toBe(before + 1);
    expect(storedBodies().some((b) => b.includes('access_token'))).toBe(false);
  });
});

describe('answers that carry recovery codes are never stored either', () => {
  it('two-factor setup with a key: the codes are answered once and kept nowhere in clear', async () => {
    const password = 'Parola-Lunga-2026';
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: 'idempotent.2fa@exemplu.ro', phone_number: '0722123456', last_name: 'Pop', first_name: 'Ana', password, password_confirmation: password, token: '' },
    });
    const session = reg.body.data.access_token as string;
    const { secret } = (await call('GET', `/api/v1/auth/two-factor/generate-qr-code?token=${session}`)).body.data;
    const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    const headers = { 'idempotency-key': 'setup-key' };
    const body = { token: '', secret, two_factor_code: code, provider_code: 'authenticator', user_agent: 'ua', user_ip: '' };
    const first = await call('POST', '/api/v1/auth/two-factor/verify-code', { token: session, headers, body });
    expect(first.status).toBe(200);
    const codes = first.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(storedBodies().some((b) => codes.some((c) => b.includes(c)))).toBe(false);
    const retry = await call('POST', '/api/v1/auth/two-factor/verify-code', { token: session, headers, body });
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(codes.some((c) => retry.text.includes(c))).toBe(false);
  });
});

describe('a key belongs to one request and one caller', () => {
  it('the same key with another body is refused with 422 idempotency_key_reused and does nothing', async () => {
    const headers = { 'idempotency-key': 'order-body-key' };
    const first = await call('POST', '/api/v1/orders', { token, headers, body: await orderBody(0) });
    expect(first.status).toBe(201);
    const before = orders();
    const other = await call('POST', '/api/v1/orders', { token, headers, body: await orderBody(1) });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(other.body.error.pretty_message).toMatch(/Reîncărcați pagina/);
    expect(other.text).not.toContain(first.body.data.number);
    expect(orders()).toBe(before);
  });

  it('the same key on another path is refused too', async () => {
    const headers = { 'idempotency-key': 'path-key' };
    const body = { preferences: { newsletter: true } };
    const first = await call('POST', '/api/v1/orders', { token, headers, body: await orderBody(0) });
    expect(first.status).toBe(201);
    const other = await call('PUT', '/api/v1/preferences', { token, headers, body });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('another session of the same user does not get the first session’s answer', async () => {
    const headers = { 'idempotency-key': 'session-key' };
    const body = await orderBody(0);
    const first = await call('POST', '/api/v1/orders', { token, headers, body });
    const second = await call('POST', '/api/v1/orders', { token: await login(call, 'client@exemplu.ro'), headers, body });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.data.id).not.toBe(first.body.data.id);
  });

  it('anonymous callers are told apart by their (trusted) IP', async () => {
    const headers = { 'idempotency-key': 'anonymous-key' };
    const body = { product_code: 'rca', input: rcaInput({}, clock) };
    const a = await call('POST', '/api/v1/quotes', { headers: { ...headers, 'x-forwarded-for': '198.51.100.1' }, body });
    const b = await call('POST', '/api/v1/quotes', { headers: { ...headers, 'x-forwarded-for': '198.51.100.2' }, body });
    const c = await call('POST', '/api/v1/quotes', { headers: { ...headers, 'x-forwarded-for': '198.51.100.1' }, body });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(c.body.data.id).toBe(a.body.data.id);
  });
});

describe('stored answers expire', () => {
  it('after 24 h a key is forgotten (the same request runs again, another body is no conflict); no request purges old rows', async () => {
    const consent = (key: string, choice: 'all' | 'essential') =>
      call('POST', '/api/v1/cookie-consents', { headers: { 'idempotency-key': key, 'x-forwarded-for': '198.51.100.77' }, body: { consent: choice, token: '' } });
    const storedKey = (key: string) => t.server.db.prepare('SELECT COUNT(*) FROM idempotency_keys WHERE key = ?').pluck().get(key) as number;
    const first = await consent('expiring-key', 'all');
    expect(first.status).toBe(201);
    expect((await consent('other-expiring-key', 'all')).status).toBe(201);
    const replayed = await consent('expiring-key', 'all');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(first.body.data.id);

    // Just inside the 24 h: still replayed.
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await consent('expiring-key', 'all')).headers.get('idempotent-replayed')).toBe('true');
    expect((await consent('expiring-key', 'essential')).status).toBe(422);

    // Past it (and past the old once-a-minute purge interval): the same request is a new one and runs again ...
    clock.advance(61_000);
    const again = await consent('expiring-key', 'all');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.data.id).not.toBe(first.body.data.id);
    // ... its new answer is the one replayed from now on, and the key's other body is now the conflict.
    expect((await consent('expiring-key', 'all')).body.data.id).toBe(again.body.data.id);
    expect((await consent('expiring-key', 'essential')).status).toBe(422);
    // An expired key with another body is no conflict either: a new request.
    const otherBody = await consent('other-expiring-key', 'essential');
    expect(otherBody.status).toBe(201);
    expect(otherBody.body.data.consent).toBe('essential');

    // Requests leave the expired rows to the retention job (modules/retention/service.ts), which deletes them in batches.
    expect((await consent('third-key', 'all')).status).toBe(201);
    const since = new Date(clock.now().getTime() - 24 * 3600 * 1000).toISOString();
    const expired = () => t.server.db.prepare('SELECT COUNT(*) FROM idempotency_keys WHERE created_at <= ?').pluck().get(since) as number;
    expect(expired()).toBeGreaterThan(0);
    const result = await purgeExpiredData(t.server.ctx, undefined, 2);
    expect(result.deleted.idempotency_keys).toBeGreaterThan(0);
    expect(expired()).toBe(0);
    expect(storedKey('expiring-key')).toBe(1);
    expect(storedKey('third-key')).toBe(1);
    expect((await consent('expiring-key', 'all')).body.data.id).toBe(again.body.data.id);
  });
});
