import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { client, FakeClock, login, rcaInput, startServer, type Call, type TestServer } from './helpers';

/**
 * Another process holds the database's write lock past the busy timeout (SQLITE_BUSY): the write is refused
 * whole with 503 + Retry-After (the web app's write retry and clients back off), and a retry with the same
 * Idempotency-Key applies it once.
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;
let other: Database.Database;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  t.server.db.pragma('busy_timeout = 200'); // the same SQLITE_BUSY as after the default 5 s, sooner
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
  other = new Database(t.config.databasePath);
});
afterAll(async () => {
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  await t.close();
});

const ordersOf = () => t.server.db.prepare("SELECT COUNT(*) FROM orders WHERE user_id = (SELECT id FROM users WHERE email = 'client@exemplu.ro')").pluck().get() as number;

describe('a locked database', () => {
  it('a write answers 503 database_busy with Retry-After, applies nothing, and its retry with the same key applies once', async () => {
    const quote = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
    const before = ordersOf();
    const body = { quote_id: quote.id, offer_id: quote.offers[0].id, customer, consents };
    const headers = { 'idempotency-key': 'busy-order-1', 'x-request-id': 'busy-test-1' };

    other.exec('BEGIN IMMEDIATE');
    let busy;
    try {
      busy = await call('POST', '/api/v1/orders', { token, body, headers });
    } finally {
      other.exec('ROLLBACK');
    }
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.body).toEqual({
      error: { code: 'database_busy', message: expect.any(String), pretty_message: 'Serviciul este momentan foarte solicitat. Vă rugăm să încercați din nou în câteva secunde.' },
    });
    expect(busy.text).not.toMatch(/sqlite|locked/i);
    expect(ordersOf()).toBe(before);

    const retried = await call('POST', '/api/v1/orders', { token, body, headers });
    expect(retried.status).toBe(201);
    const replayed = await call('POST', '/api/v1/orders', { token, body, headers });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(retried.body.data.id);
    expect(ordersOf()).toBe(before + 1);
  });

  it('a signed-in read still answers while the session\'s last-use stamp cannot be written', async () => {
    clock.advance(61_000); // the stamp is due (written at most once a minute)
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await call('GET', '/api/v1/orders', { token });
      expect(res.status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
    }
  });
});

describe('background jobs on a locked database', () => {
  it('an idle mail outbox run takes no write lock, so it never holds the process for the busy timeout', async () => {
    await t.server.ctx.workers.mail.runOnce(); // nothing due afterwards
    t.server.db.pragma('busy_timeout = 2000');
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      expect(await t.server.ctx.workers.mail.runOnce()).toBe(0);
      expect(performance.now() - started).toBeLessThan(500);
    } finally {
      other.exec('ROLLBACK');
      t.server.db.pragma('busy_timeout = 200');
    }
  });
});
