import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, fields, login, outbox, rcaInput, startServer, type Call, type TestServer } from './helpers';

/**
 * What an anonymous (or self-registered) client could repeat without end: new-device mails to an inbox by signing in
 * with a new user agent each time, welcome mails to any list of addresses through guest checkout, and quotes, each a
 * row of the database that was never deleted.
 */
const MINUTE = 60_000;
const clock = new FakeClock('2026-06-02T07:00:05Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

describe('new-device sign-in mails of one account', () => {
  it('a sign-in with a new user agent each time mails the owner at most 3 times in a row; every sign-in succeeds', async () => {
    // Someone registers an address that is not theirs (register proves no mailbox), then signs in again and again.
    const email = 'victima@exemplu.ro';
    const password = 'Parola-Victima-77';
    const registered = await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password, password_confirmation: password, is_default_password: false, token: '' },
    });
    expect(registered.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers: { 'user-agent': `Agent ${i}` } })).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const alerts = () => outbox(call, email).then((mails) => mails.filter((m) => m.subject === 'Autentificare de pe un dispozitiv nou'));
    expect(await alerts()).toHaveLength(3);

    // After the wait, a new device is reported again.
    clock.advance(10 * MINUTE + 1000);
    expect((await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers: { 'user-agent': 'Agent nou' } })).status).toBe(200);
    expect(await alerts()).toHaveLength(4);
  });
});

describe('accounts created by guest checkout from one client IP', () => {
  const guest = (i: number, ip: string) =>
    call('POST', '/api/v1/users/store-from-product-page', {
      body: { customer: { email: `cumparator.${ip}.${i}@exemplu.ro`, first_name: 'Ion', last_name: 'Pop', phone_number: '0722000777' }, product_id: 'rca', token: '' },
      headers: { 'x-forwarded-for': ip },
    });

  it('50 new accounts (and welcome mails) in a row, then the IP waits; another client is not held', async () => {
    const statuses = [];
    for (let i = 0; i < 52; i++) statuses.push((await guest(i, '203.0.113.20')).status);
    expect(statuses.slice(0, 50).every((s) => s === 201)).toBe(true);
    const refused = await guest(99, '203.0.113.20');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_attempts');
    expect(refused.body.error.pretty_message).toBe('Din această rețea s-au creat prea multe conturi. Încercați din nou peste un minut.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox(call, 'cumparator.203.0.113.20.99@exemplu.ro')).toHaveLength(0);
    expect((await guest(0, '203.0.113.21')).status).toBe(201);
  });
});

describe('quotes', () => {
  const quote = (ip: string) => call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock), token: '' }, headers: { 'x-forwarded-for': ip } });

  it('at most 120 a minute per client IP', async () => {
    const statuses = [];
    for (let i = 0; i < 122; i++) statuses.push((await quote('198.51.100.30')).status);
    expect(statuses.slice(0, 120).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429]);
    expect((await quote('198.51.100.31')).status).toBe(201);
    clock.advance(MINUTE);
    expect((await quote('198.51.100.30')).status).toBe(201);
  });

  it('IPv6: 120 a minute per /64, and 480 a minute per /48 whatever /64 of it asks', async () => {
    // One subscriber's /48 holds 65,536 /64s: each new /64 would get 120 more a minute without the aggregate.
    const statuses = [];
    for (let net = 0; net < 5; net++) {
      for (let i = 0; i < 100; i++) statuses.push((await quote(`2001:db8:4800:${net}::${i + 1}`)).status);
    }
    expect(statuses.slice(0, 480).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(480)).toEqual(Array(20).fill(429));
    const refused = await quote('2001:db8:4800:ff::1');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another /48 is not held.
    expect((await quote('2001:db8:4801::1')).status).toBe(201);
    clock.advance(MINUTE);
    expect((await quote('2001:db8:4800:ff::1')).status).toBe(201);
  });

  it('a quote no order uses is deleted an hour after it expired (nothing reads one later); an ordered one stays', async () => {
    const unused = (await quote('198.51.100.40')).body.data;
    const ordered = (await quote('198.51.100.40')).body.data;
    const token = await login(call, 'client@exemplu.ro');
    const order = await call('POST', '/api/v1/orders', {
      token,
      body: {
        quote_id: ordered.id, offer_id: ordered.offers[0].id,
        customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' },
        consents: { terms: true, product_sheet: true, data_processing: true },
      },
    });
    expect(order.status).toBe(201);

    clock.advance(24 * 60 * MINUTE + 59 * MINUTE);
    expect((await quote('198.51.100.41')).status).toBe(201);
    expect((await call('GET', `/api/v1/quotes/${unused.id}`)).status).toBe(200);

    clock.advance(2 * MINUTE);
    expect((await quote('198.51.100.41')).status).toBe(201);
    expect((await call('GET', `/api/v1/quotes/${unused.id}`)).status).toBe(404);
    expect((await call('GET', `/api/v1/quotes/${ordered.id}`)).status).toBe(200);
    const again = await login(call, 'client@exemplu.ro');
    expect((await call('GET', `/api/v1/orders/${order.body.data.id}`, { token: again })).status).toBe(200);
    // An order on the deleted quote (a tab that kept its offers) is told to price again, as for an expired one.
    const late = await call('POST', '/api/v1/orders', {
      token: again,
      body: {
        quote_id: unused.id, offer_id: unused.offers[0].id,
        customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' },
        consents: { terms: true, product_sheet: true, data_processing: true },
      },
    });
    expect(fields(late)).toEqual({ quote_id: ['Oferta nu mai există sau a expirat. Recalculați prețul.'] });
  });
});
