import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../src/lib/throttle';
import { QUOTE_KEEP_AFTER_EXPIRY_MS, QUOTE_TTL_MS } from '../src/modules/quotes/service';
import { purgeExpiredData } from '../src/modules/retention/service';
import { GRANT_TTL_MS } from '../src/realtime/routes';
import { client, FakeClock, otherCustomer, rcaInput, startServer, type Call, type TestServer } from './helpers';

/**
 * Expired quotes, sign-in throttle rows and realtime grants were deleted inline, unbatched, by the request that
 * happened to come along (a new quote, a sign-in attempt, a channel authorisation): that request paid for the whole
 * purge. Now reads ignore the expired rows, and only the retention job (modules/retention/service.ts) deletes them,
 * in batches.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const clock = new FakeClock('2026-05-04T08:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const db = () => t.server.db;
const count = (sql: string, ...params: unknown[]) => db().prepare(sql).pluck().get(...params) as number;
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => clock.now().getTime();

const newQuote = async () => {
  const res = await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
};

describe('quotes no order uses', () => {
  it('read as gone once past their keep, are not deleted by a new quote, and go with the retention job in batches', async () => {
    const old = await newQuote();
    // Just inside the keep: still there, still readable (it says it expired).
    clock.advance(QUOTE_TTL_MS + QUOTE_KEEP_AFTER_EXPIRY_MS - MINUTE);
    expect((await call('GET', `/api/v1/quotes/${old}`)).status).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await call('GET', `/api/v1/quotes/${old}`)).status).toBe(404);

    // More expired quotes; a new quote (the request path that used to purge them) leaves them to the job.
    const insert = db().prepare(
      "INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', '[]', ?, ?)",
    );
    for (let i = 0; i < 4; i += 1) insert.run(`vechi-${i}`, iso(now() - 30 * 24 * HOUR), iso(now() - 29 * 24 * HOUR));
    const fresh = await newQuote();
    expect(count("SELECT COUNT(*) FROM quotes WHERE id = ? OR id LIKE 'vechi-%'", old)).toBe(5);

    const result = await purgeExpiredData(t.server.ctx, undefined, 2);
    expect(result.stopped).toBeNull();
    expect(result.deleted.quotes).toBe(5);
    expect(result.batches.quotes).toBe(3);
    expect(count("SELECT COUNT(*) FROM quotes WHERE id = ? OR id LIKE 'vechi-%'", old)).toBe(0);
    expect(count('SELECT COUNT(*) FROM quotes WHERE id = ?', fresh)).toBe(1);
  });
});

describe('sign-in throttle rows', () => {
  const insert = (scope: string, subject: string, failures: number, streak: number, at: number) =>
    db()
      .prepare('INSERT OR REPLACE INTO auth_throttle (scope, subject, failures, streak, last_failure_at) VALUES (?, ?, ?, ?, ?)')
      .run(scope, subject, failures, streak, iso(at));
  const row = (scope: string, subject: string) =>
    db().prepare('SELECT failures, streak FROM auth_throttle WHERE scope = ? AND subject = ?').get(scope, subject) as
      | { failures: number; streak: number }
      | undefined;
  const signIn = (email: string, ip: string) =>
    call('POST', '/api/v1/auth/login', { body: { email, password: 'Parola-Gresita-1', token: '' }, headers: { 'x-forwarded-for': ip } });

  it('an unknown address past its quiet period counts from scratch, though its row is not deleted by the attempt', async () => {
    const email = 'necunoscut.retentie@exemplu.ro';
    const quiet = THROTTLE.account.quietMs;
    // At the hard cap, but quiet for longer than the account window: forgotten, as the purge would have.
    insert(THROTTLE.account.scope, email, THROTTLE.account.hardCap - 1, 10, now() - quiet - MINUTE);
    // Another expired row the attempt must leave alone (it used to delete it).
    insert(THROTTLE.ip.scope, '192.0.2.201', 40, 40, now() - THROTTLE.ip.quietMs - MINUTE);
    const res = await signIn(email, '192.0.2.200');
    expect(res.status, res.text).not.toBe(429);
    expect(row(THROTTLE.account.scope, email)).toEqual({ failures: 1, streak: 1 });
    expect(row(THROTTLE.ip.scope, '192.0.2.201')).toEqual({ failures: 40, streak: 40 });

    // A second one is not locked either: the stale count did not come back.
    expect((await signIn(email, '192.0.2.200')).status).not.toBe(429);
    expect(row(THROTTLE.account.scope, email)?.failures).toBe(2);
  });

  it('an existing account keeps its hard cap however quiet; the job deletes only what the old purge did, in batches', async () => {
    const token = await otherCustomer(call);
    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data as { email: string };
    const long = now() - 2 * THROTTLE.account.quietMs;
    insert(THROTTLE.account.scope, me.email, THROTTLE.account.hardCap, 0, long);
    expect((await signIn(me.email, '192.0.2.202')).status).toBe(429);
    for (let i = 0; i < 5; i += 1) insert(THROTTLE.ip.scope, `192.0.2.21${i}`, 3, 3, now() - THROTTLE.ip.quietMs - MINUTE);
    insert(THROTTLE.ip.scope, '192.0.2.220', 3, 3, now() - THROTTLE.ip.quietMs + MINUTE);

    const result = await purgeExpiredData(t.server.ctx, undefined, 2);
    expect(result.stopped).toBeNull();
    expect(count("SELECT COUNT(*) FROM auth_throttle WHERE scope = ? AND subject LIKE '192.0.2.21_'", THROTTLE.ip.scope)).toBe(0);
    expect(count("SELECT COUNT(*) FROM auth_throttle WHERE subject = '192.0.2.201'")).toBe(0);
    expect(result.batches.auth_throttle).toBeGreaterThanOrEqual(3);
    expect(row(THROTTLE.ip.scope, '192.0.2.220')).toEqual({ failures: 3, streak: 3 });
    expect(row(THROTTLE.account.scope, me.email)?.failures).toBe(THROTTLE.account.hardCap);
    expect((await signIn(me.email, '192.0.2.203')).status).toBe(429);
  });
});

describe('realtime grants', () => {
  it('a channel authorisation leaves expired grants to the retention job, which deletes them in batches', async () => {
    const token = await otherCustomer(call);
    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data as { id: number };
    const insert = db().prepare('INSERT INTO realtime_grants (socket_id, channel, session_id, created_at) VALUES (?, ?, ?, ?)');
    for (let i = 0; i < 3; i += 1) insert.run(`9.${i}`, `private-user.${me.id}`, 1, iso(now() - GRANT_TTL_MS - MINUTE));
    const stale = () => count("SELECT COUNT(*) FROM realtime_grants WHERE socket_id LIKE '9.%'");

    const res = await call('POST', '/pusher/auth', { token, form: new URLSearchParams({ socket_id: '123.456', channel_name: `private-user.${me.id}` }) });
    expect(res.status, res.text).toBe(200);
    expect(stale()).toBe(3);

    const result = await purgeExpiredData(t.server.ctx, undefined, 2);
    expect(result.deleted.realtime_grants).toBe(3);
    expect(result.batches.realtime_grants).toBe(2);
    expect(stale()).toBe(0);
    // The fresh grant stays for its socket's subscribe.
    expect(count("SELECT COUNT(*) FROM realtime_grants WHERE socket_id = '123.456'")).toBe(1);
  });
});
