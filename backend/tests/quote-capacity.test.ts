import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../src/db/migrations';
import { purgeExpiredData } from '../src/modules/retention/service';
import { client, DEMO_PASSWORD, FakeClock, login, rcaInput, startServer, type Call, type TestServer } from './helpers';
import { freshTotpCode, twoFactorCalls } from './two-factor-helpers';
import { QUOTES_ABOVE_CAP_PER_ACCOUNT } from '../src/modules/quotes/service';

/**
 * Anyone may ask for quotes, each a row of ~6.6 KB: the quotes no order uses are bounded in total
 * (QUOTES_MAX_UNUSED), across every process sharing the database, so that a flood from many addresses cannot fill
 * the disk (and with it refuse orders and payment notifications).
 */
const MINUTE = 60_000;
const CAP = 40;
/** The few above the cap a session that passed the second factor still gets: CAP + ceil(CAP / 20). */
const CEILING = 42;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };

function counts(t: TestServer) {
  const db = t.server.db;
  return {
    unused: (db.prepare('SELECT COUNT(*) AS n FROM quotes WHERE NOT EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id)').get() as { n: number }).n,
    counter: (db.prepare('SELECT unused FROM quote_counts WHERE id = 1').get() as { unused: number } | undefined)?.unused,
  };
}

describe('the bound on stored quotes no order uses', () => {
  const clock = new FakeClock('2026-06-02T07:00:05Z');
  let t: TestServer;
  let call: Call;
  let n = 0;
  /** The quotes made a second after the others (by the session past the second factor). */
  const later: string[] = [];
  // A new client address every 30 quotes: the per-address limit (120 a minute) is not what is tested here.
  const quote = (token?: string) =>
    call('POST', '/api/v1/quotes', {
      token,
      body: { product_code: 'rca', input: rcaInput({}, clock), token: '' },
      headers: { 'x-forwarded-for': `198.51.100.${100 + Math.floor(n++ / 30)}` },
    });

  beforeAll(async () => {
    t = await startServer({ QUOTES_MAX_UNUSED: String(CAP) }, clock);
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('anonymous callers get 503 quotes_busy (Romanian message, Retry-After) at the cap; a session past the second factor a few more', async () => {
    const first = (await quote()).body.data;
    clock.advance(MINUTE);
    for (let i = 1; i < CAP; i++) expect((await quote()).status).toBe(201);
    expect(counts(t)).toEqual({ unused: CAP, counter: CAP });

    const refused = await quote();
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('quotes_busy');
    expect(refused.body.error.pretty_message).toBe(
      'Nu putem calcula oferte noi în acest moment: serviciul este foarte solicitat. Vă rugăm să încercați din nou mai târziu. Dacă aveți cont, autentificați-vă pentru a continua.',
    );
    // Room comes when the oldest unused quote expires (24 h after it was made, a minute before the others).
    expect(Number(refused.headers.get('retry-after'))).toBe(24 * 3600 - 60);
    expect(counts(t).unused).toBe(CAP);

    // Signed in without two-factor: anyone can register, so it counts as anonymous.
    const plain = await login(call, 'client@exemplu.ro');
    expect((await quote(plain)).status).toBe(503);

    // A session that passed the second factor: up to the ceiling, then refused as well.
    const headers = { 'x-forwarded-for': '198.51.100.99', 'user-agent': 'ua' };
    const pending = (await call('POST', '/api/v1/auth/login', { body: { email: 'client2fa@exemplu.ro', password: DEMO_PASSWORD, token: '' }, headers })).body.data.access_token;
    const passed = await twoFactorCalls(() => call).verify(pending, { recovery_code: 'DEMO-CODE-0001' }, headers);
    expect(passed.status).toBe(200);
    const verified = passed.body.data?.access_token ?? pending;
    clock.advance(1000);
    for (let i = CAP; i < CEILING; i++) {
      const made = await quote(verified);
      expect(made.status).toBe(201);
      later.push(made.body.data.id);
    }
    expect((await quote(verified)).status).toBe(503);
    expect(counts(t)).toEqual({ unused: CEILING, counter: CEILING });

    // A quote an order uses no longer counts: the customer's order makes room below the ceiling, not the cap.
    const order = await call('POST', '/api/v1/orders', { token: plain, body: { quote_id: first.id, offer_id: first.offers[0].id, customer, consents } });
    expect(order.status).toBe(201);
    expect(counts(t)).toEqual({ unused: CEILING - 1, counter: CEILING - 1 });
    expect((await quote()).status).toBe(503);
  });

  it('at the cap, expired unused quotes make room (oldest first); the ordered quote is never deleted', async () => {
    const ordered = (t.server.db.prepare('SELECT quote_id FROM orders ORDER BY id DESC LIMIT 1').get() as { quote_id: string }).quote_id;
    // Every quote has expired, the ordered one first of all.
    clock.advance(24 * 3600_000 + 2 * MINUTE);
    const made = await quote();
    expect(made.status).toBe(201);
    // One small batch went (16), the oldest: none of the quotes made a second later, never the ordered one.
    expect(counts(t)).toEqual({ unused: CEILING - 1 - 16 + 1, counter: CEILING - 1 - 16 + 1 });
    for (const id of later) expect(t.server.db.prepare('SELECT 1 FROM quotes WHERE id = ?').get(id)).toBeDefined();
    expect(t.server.db.prepare('SELECT 1 FROM quotes WHERE id = ?').get(ordered)).toBeDefined();
    // Below the cap now: no further delete.
    expect((await quote()).status).toBe(201);
    expect(counts(t).unused).toBe(CEILING - 1 - 16 + 2);
    expect((await call('GET', `/api/v1/quotes/${ordered}`)).status).toBe(200);
    expect((await call('GET', `/api/v1/quotes/${made.body.data.id}`)).status).toBe(200);
  });

  it('the counter follows the retention job\'s deletes', async () => {
    clock.advance(30 * 24 * 3600_000);
    await purgeExpiredData(t.server.ctx);
    expect(counts(t)).toEqual({ unused: 0, counter: 0 });
    expect((await quote()).status).toBe(201);
    expect(counts(t)).toEqual({ unused: 1, counter: 1 });
  });
});

describe('the quotes above the cap, per account', () => {
  it('one account past the second factor (register + authenticator: a captcha and no mailbox) takes only its share; other customers keep theirs', async () => {
    // QUOTES_MAX_UNUSED=1000: a ceiling of 1050, 50 above the cap for sessions past the second factor.
    const clock = new FakeClock('2026-06-02T07:00:05Z');
    const t = await startServer({ QUOTES_MAX_UNUSED: '1000' }, clock);
    try {
      const call = client(t.url);
      // An anonymous flood filled the cap (quotes still valid).
      const insert = t.server.db.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', '[]', ?, ?)");
      const at = clock.now().getTime();
      t.server.db.transaction(() => {
        for (let i = 0; i < 1000; i++) insert.run(`flood-${i}`, new Date(at).toISOString(), new Date(at + 20 * 3600_000).toISOString());
      })();
      let n = 0;
      // A new address every 30 quotes: neither per-address limit is what is tested here.
      const ask = (token: string) =>
        call('POST', '/api/v1/quotes', {
          token,
          body: { product_code: 'rca', input: rcaInput({}, clock), token: '' },
          headers: { 'x-forwarded-for': `2001:db8:${Math.floor(n++ / 30)}::1` },
        });

      // The attacker's account: registered, authenticator turned on with the key the API hands out.
      const password = 'Parola-Atacator-2026';
      const registered = await call('POST', '/api/v1/auth/register', {
        body: { email: 'ieftin@exemplu.ro', phone_number: '0722000777', first_name: 'Ion', last_name: 'Ieftin', password, password_confirmation: password, is_default_password: false, token: '' },
      });
      expect(registered.status, registered.text).toBe(201);
      const attacker = registered.body.data.access_token as string;
      const qr = await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: attacker });
      expect(qr.status, qr.text).toBe(200);
      const verified = await call('POST', '/api/v1/auth/two-factor/verify-code', {
        token: attacker,
        body: { token: '', two_factor_code: await freshTotpCode(clock, qr.body.data.secret), secret: qr.body.data.secret, provider_code: 'authenticator', user_agent: 'ua', user_ip: '' },
      });
      expect(verified.status, verified.text).toBe(200);

      const statuses: number[] = [];
      const made: { id: string; offers: { id: string }[] }[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await ask(attacker);
        statuses.push(res.status);
        if (res.status === 201) made.push(res.body.data);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(QUOTES_ABOVE_CAP_PER_ACCOUNT);
      expect(statuses.filter((s) => s === 503)).toHaveLength(50 - QUOTES_ABOVE_CAP_PER_ACCOUNT);

      // A customer past the second factor still gets quotes above the cap.
      const headers = { 'x-forwarded-for': '198.51.100.99', 'user-agent': 'ua' };
      const pending = (await call('POST', '/api/v1/auth/login', { body: { email: 'client2fa@exemplu.ro', password: DEMO_PASSWORD, token: '' }, headers })).body.data.access_token;
      const passed = await twoFactorCalls(() => call).verify(pending, { recovery_code: 'DEMO-CODE-0001' }, headers);
      expect(passed.status).toBe(200);
      const customerToken = passed.body.data?.access_token ?? pending;
      expect((await ask(customerToken)).status).toBe(201);

      // A place of the account's share comes back when one of its quotes expires or, as here, is ordered.
      const refused = await ask(attacker);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('quotes_busy');
      const order = await call('POST', '/api/v1/orders', { token: attacker, body: { quote_id: made[0].id, offer_id: made[0].offers[0].id, customer, consents } });
      expect(order.status, order.text).toBe(201);
      expect((await ask(attacker)).status).toBe(201);
      expect((await ask(attacker)).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

describe('expired quotes beyond the cap', () => {
  it('refused callers still clear them, a batch each: quotes come back once the count is below the cap', async () => {
    // 420 unused quotes (sessions past the second factor went up to the ceiling), all expired since: each refused
    // call's delete must stay done, or the count never gets below the cap before the retention job.
    const clock = new FakeClock('2026-06-02T07:00:05Z');
    const t = await startServer({ QUOTES_MAX_UNUSED: '400' }, clock);
    try {
      const call = client(t.url);
      const insert = t.server.db.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', '[]', ?, ?)");
      const at = clock.now().getTime();
      t.server.db.transaction(() => {
        for (let i = 0; i < 420; i++) insert.run(`umplut-${i}`, new Date(at).toISOString(), new Date(at + 3600_000 + i).toISOString());
      })();
      clock.advance(2 * 3600_000);
      const ask = () => call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock), token: '' } });
      // 16 deleted, still above the cap: refused, the 16 stay deleted.
      expect((await ask()).status).toBe(503);
      expect(counts(t)).toEqual({ unused: 404, counter: 404 });
      // 16 more: below the cap, the quote is made.
      expect((await ask()).status).toBe(201);
      expect(counts(t)).toEqual({ unused: 389, counter: 389 });
      // The oldest went first.
      expect(t.server.db.prepare("SELECT COUNT(*) FROM quotes WHERE id IN ('umplut-0', 'umplut-31')").pluck().get()).toBe(0);
      expect(t.server.db.prepare("SELECT COUNT(*) FROM quotes WHERE id = 'umplut-32'").pluck().get()).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('the bound across processes sharing the database', () => {
  it('two backends on one database file hold one total', async () => {
    const clock = new FakeClock('2026-06-02T07:00:05Z');
    const a = await startServer({ QUOTES_MAX_UNUSED: '10' }, clock);
    const b = await startServer({ QUOTES_MAX_UNUSED: '10' }, clock, { dir: a.dir });
    try {
      const ask = (c: Call, i: number) =>
        c('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock), token: '' }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      const callA = client(a.url);
      const callB = client(b.url);
      // Concurrently, half through each process.
      const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(i % 2 ? callA : callB, i).then((r) => r.status)));
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 503)).toHaveLength(6);
      expect(counts(a)).toEqual({ unused: 10, counter: 10 });
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('migration 20 on an existing database', () => {
  it('counts the unused quotes already stored and marks the ordered ones', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const m of migrations.filter((x) => x.version < 20)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
    }
    const at = '2026-01-01T00:00:00.000Z';
    const q = db.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', '[]', ?, ?)");
    for (const id of ['q1', 'q2', 'q3', 'q4']) q.run(id, at, at);
    db.prepare("INSERT INTO users (email, password_hash, first_name, last_name, phone_number, created_at, updated_at) VALUES ('a@b.ro', 'x', 'A', 'B', '0722000000', ?, ?)").run(at, at);
    db.prepare("INSERT INTO insurers (code, name) VALUES ('x', 'X')").run();
    const o = db.prepare("INSERT INTO orders (user_id, quote_id, offer_id, product_code, insurer_code, package_name, amount_bani, status, customer, consents, created_at, updated_at) VALUES (1, ?, 'o', 'rca', 'x', 'p', 1, 'paid', '{}', '{}', ?, ?)");
    o.run('q1', at, at);
    o.run('q1', at, at);
    o.run('q2', at, at);
    migrate(db);
    expect(db.prepare('SELECT unused FROM quote_counts').pluck().get()).toBe(2);
    expect(db.prepare('SELECT id FROM quotes WHERE ordered = 1 ORDER BY id').pluck().all()).toEqual(['q1', 'q2']);
    // An order on a quote already ordered changes nothing; one on an unused quote takes it out of the count.
    o.run('q2', at, at);
    o.run('q3', at, at);
    expect(db.prepare('SELECT unused FROM quote_counts').pluck().get()).toBe(1);
    // Deleting an unused quote counts down; an ordered one cannot be deleted (its order refers to it).
    db.prepare("DELETE FROM quotes WHERE id = 'q4'").run();
    expect(db.prepare('SELECT unused FROM quote_counts').pluck().get()).toBe(0);
    expect(() => db.prepare("DELETE FROM quotes WHERE id = 'q3'").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
