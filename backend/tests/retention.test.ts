import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { sha256 } from '../src/lib/crypto';
import { queueMail } from '../src/mail/outbox';
import { purgeExpiredData } from '../src/modules/retention/service';
import { buildServer, type BuiltServer } from '../src/server';
import { client, FakeClock, outbox, TEST_CONFIG_ENV, type Call, type Res } from './helpers';

/**
 * Data retention (backend/README.md "Data retention"): the tables that only ever grew (ended sessions, used reset
 * links, sent mail, analytics events, two-factor attempts and mailed codes, stored idempotent answers) and the personal
 * data kept for a set period (cookie-consent records, contact messages: they were kept for ever) are purged by one
 * scheduled job, in batches, past documented retention periods; nothing still in use and no record a customer could
 * need is ever touched.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const clock = new FakeClock('2026-05-04T08:00:00Z');
const lines: string[] = [];
let dir: string;
let server: BuiltServer;
let call: Call;

async function start(env: Record<string, string> = {}, options: { workers?: boolean; dir?: string; lines?: string[] } = {}) {
  const where = options.dir ?? mkdtempSync(path.join(tmpdir(), 'broker-retention-'));
  const sink = options.lines ?? [];
  const config = loadConfig({
    ...TEST_CONFIG_ENV, NODE_ENV: 'test', DEV_ENDPOINTS: 'true', BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0',
    DATABASE_PATH: path.join(where, 'test.sqlite'), LOG_LEVEL: 'info', ...env,
  });
  const built = await buildServer(config, { clock, workers: options.workers ?? false, logStream: { write: (line: string) => void sink.push(line) } });
  const url = await built.listen();
  return { server: built, call: client(url), dir: where };
}

beforeAll(async () => {
  ({ server, call, dir } = await start({}, { lines }));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const db = () => server.db;
const count = (sql: string, ...params: unknown[]) => db().prepare(sql).pluck().get(...params) as number;
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => clock.now().getTime();
const purge = () => purgeExpiredData(server.ctx);
const logged = (sink: string[]) => sink.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'retention purge');

let ipCounter = 0;
/** A device of its own: a documentation-range IP and a browser name. */
function device(name: string) {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter}`, 'user-agent': name };
}

const PASSWORD = 'Parola-Retentie-2026';

async function register(email: string, headers: Record<string, string>): Promise<string> {
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000111', first_name: 'Ana', last_name: 'Pop', password: PASSWORD, password_confirmation: PASSWORD, is_default_password: false, token: '' },
    headers,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.access_token as string;
}

async function signIn(email: string, headers: Record<string, string>, password = PASSWORD): Promise<string> {
  const res: Res = await call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers });
  expect(res.status, res.text).toBe(200);
  return res.body.data.access_token as string;
}

const sessionKept = (token: string) => count('SELECT COUNT(*) FROM sessions WHERE token_hash = ?', sha256(token)) === 1;

describe('sessions', () => {
  it('an ended session goes 30 days after its expiry or revocation; live ones stay', async () => {
    const email = 'retentie.sesiuni@exemplu.ro';
    const PHONE = device('Retention phone');
    const first = await register(email, PHONE);
    expect((await call('POST', '/api/v1/auth/logout', { token: first, body: {} })).status).toBe(200); // revoked now
    const second = await signIn(email, device('Retention laptop')); // never revoked: ends at its expiry (30 days)

    clock.advance(31 * DAY);
    const third = await signIn(email, PHONE);
    await purge();
    expect(sessionKept(first)).toBe(false); // revoked 31 days ago
    expect(sessionKept(second)).toBe(true); // expired one day ago: inside the retention
    expect(sessionKept(third)).toBe(true);
    const me = await call('GET', '/api/v1/auth/user', { token: third });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);

    clock.advance(61 * DAY);
    await purge();
    expect(sessionKept(second)).toBe(false); // expired 31 days ago
    expect(sessionKept(third)).toBe(false); // expired 31 days ago
    expect(count('SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?', email)).toBe(0);
  });

  it('an account whose sessions were all purged still counts as signed in before: a device never seen is mailed about', async () => {
    const email = 'retentie.dormant@exemplu.ro';
    const token = await register(email, device('Retention dormant phone'));
    expect((await call('POST', '/api/v1/auth/logout', { token, body: {} })).status).toBe(200);
    clock.advance(31 * DAY);
    await purge();
    expect(sessionKept(token)).toBe(false);

    const alerts = async () => (await outbox(call, email)).filter((m) => m.subject === 'Autentificare de pe un dispozitiv nou').length;
    expect(await alerts()).toBe(0);
    await signIn(email, device('Retention unknown tablet'));
    expect(await alerts()).toBe(1);
  });
});

describe('password reset links', () => {
  const resetLink = async (email: string, headers: Record<string, string>) => {
    expect((await call('POST', '/api/v1/auth/generate-reset-token', { body: { email, token: '' }, headers })).status).toBe(200);
    const mail = (await outbox(call, email)).find((m) => /reset_token=/.test(m.text))!;
    return new URL(/(https?:\/\/\S+\/authenticate\?\S+)/.exec(mail.text)![1]).searchParams.get('reset_token')!;
  };
  const linkKept = (token: string) => count('SELECT COUNT(*) FROM password_resets WHERE token_hash = ?', sha256(token)) === 1;
  const useLink = (email: string, token: string, password: string, headers: Record<string, string>) =>
    call('POST', '/api/v1/auth/reset-password', { body: { email, reset_token: token, password, password_confirmation: password, token: '' }, headers });

  it('a used or expired link goes 7 days later; an unexpired one stays and still works', async () => {
    const email = 'retentie.resetare@exemplu.ro';
    const OWNER = device('Retention owner');
    await register(email, OWNER);

    const used = await resetLink(email, OWNER);
    expect((await useLink(email, used, 'Parola-Noua-Retentie-1', OWNER)).status).toBe(200);
    clock.advance(6 * DAY);
    const expired = await resetLink(email, OWNER); // never used: expires in an hour
    clock.advance(2 * DAY);
    const fresh = await resetLink(email, OWNER);

    await purge();
    expect(linkKept(used)).toBe(false); // used 8 days ago
    expect(linkKept(expired)).toBe(true); // expired 2 days ago
    expect(linkKept(fresh)).toBe(true);
    expect((await useLink(email, fresh, 'Parola-Noua-Retentie-2', OWNER)).status).toBe(200);

    clock.advance(7 * DAY + MINUTE);
    await purge();
    expect(linkKept(expired)).toBe(false);
    expect(linkKept(fresh)).toBe(false); // used 7 days ago
  });
});

describe('mail', () => {
  const mail = (to: string, subject: string) => server.ctx.db.transaction(() => queueMail(server.ctx, { to, subject, text: 'Text.' }))();
  const queueRow = (subject: string) =>
    db().prepare('SELECT status, attempts FROM mail_queue WHERE subject = ?').get(subject) as { status: string; attempts: number } | undefined;
  const storedCopy = (subject: string) => count('SELECT COUNT(*) FROM outbox WHERE subject = ?', subject) === 1;

  it('sent mail (and its stored copy) goes 90 days after it was sent; mail not sent yet never goes', async () => {
    const to = 'retentie.mail@exemplu.ro';
    mail(to, 'Retenție: trimis demult');
    await server.ctx.workers.mail.runOnce();
    // A mail whose delivery keeps failing stays pending (it is retried every hour, never dropped).
    mail(to, 'Retenție: netrimis');
    db().prepare("UPDATE mail_queue SET attempts = 40, last_error = 'SMTP down', next_attempt_at = ? WHERE subject = ?")
      .run(iso(now() + 100 * DAY), 'Retenție: netrimis');
    expect(queueRow('Retenție: trimis demult')?.status).toBe('sent');
    expect(storedCopy('Retenție: trimis demult')).toBe(true);

    clock.advance(89 * DAY);
    mail(to, 'Retenție: trimis recent');
    await server.ctx.workers.mail.runOnce();
    clock.advance(2 * DAY);
    await purge();

    expect(queueRow('Retenție: trimis demult')).toBeUndefined(); // sent 91 days ago
    expect(storedCopy('Retenție: trimis demult')).toBe(false);
    expect(queueRow('Retenție: trimis recent')?.status).toBe('sent'); // sent 2 days ago
    expect(storedCopy('Retenție: trimis recent')).toBe(true);
    expect(queueRow('Retenție: netrimis')).toMatchObject({ status: 'pending', attempts: 40 }); // queued 91 days ago

    // The pending mail is delivered when its turn comes.
    db().prepare('UPDATE mail_queue SET next_attempt_at = ? WHERE subject = ?').run(iso(now()), 'Retenție: netrimis');
    expect(await server.ctx.workers.mail.runOnce()).toBe(1);
    expect(queueRow('Retenție: netrimis')?.status).toBe('sent');
  });
});

describe('analytics events', () => {
  const event = () =>
    call('POST', '/api/event', { headers: { 'x-forwarded-for': '192.0.2.77' }, body: { name: 'pageview', url: 'http://localhost:3000/retentie', domain: 'localhost' } });
  const stored = () => count("SELECT COUNT(*) FROM analytics_events WHERE url = 'http://localhost:3000/retentie'");

  it('go 180 days after they were recorded', async () => {
    for (let i = 0; i < 3; i += 1) expect((await event()).status).toBe(202);
    clock.advance(179 * DAY);
    for (let i = 0; i < 2; i += 1) expect((await event()).status).toBe(202);
    expect(stored()).toBe(5);
    clock.advance(2 * DAY);
    await purge();
    expect(stored()).toBe(2);
  });

  it('are capped in total (RETENTION_ANALYTICS_MAX_EVENTS): the oldest go first', async () => {
    const own = await start({ RETENTION_ANALYTICS_MAX_EVENTS: '1000' });
    try {
      const insert = own.server.db.prepare(
        "INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES ('pageview', ?, 'localhost', NULL, NULL, '192.0.2.1', 'ua', ?)",
      );
      own.server.db.transaction(() => {
        for (let i = 0; i < 1500; i += 1) insert.run(`http://localhost:3000/p${i}`, iso(now() - 10 * MINUTE + i));
      })();
      const result = await purgeExpiredData(own.server.ctx);
      expect(result.deleted.analytics_events_over_cap).toBe(500);
      expect(own.server.db.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get()).toBe(1000);
      // The newest 1000: the first 500 recorded are gone.
      expect(own.server.db.prepare("SELECT COUNT(*) FROM analytics_events WHERE url IN ('http://localhost:3000/p0', 'http://localhost:3000/p499')").pluck().get()).toBe(0);
      expect(own.server.db.prepare("SELECT COUNT(*) FROM analytics_events WHERE url IN ('http://localhost:3000/p500', 'http://localhost:3000/p1499')").pluck().get()).toBe(2);
    } finally {
      await own.server.close();
      rmSync(own.dir, { recursive: true, force: true });
    }
  });
});

describe('two-factor attempts and mailed codes', () => {
  it('go a day after their window (15 minutes) or their code\'s life (10 minutes) ended', async () => {
    const user = db().prepare("SELECT id FROM users WHERE email = 'client2fa@exemplu.ro'").pluck().get() as number;
    const attempt = db().prepare('INSERT INTO two_factor_attempts (user_id, session_id, ip, success, created_at) VALUES (?, NULL, ?, 0, ?)');
    attempt.run(user, '192.0.2.90', iso(now() - 25 * HOUR));
    attempt.run(user, '192.0.2.91', iso(now() - 23 * HOUR));
    attempt.run(user, '192.0.2.92', iso(now() - 5 * MINUTE));
    const code = db().prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, used_at, created_at) VALUES (?, ?, ?, ?, ?)');
    code.run(user, 'retention-old', iso(now() - 25 * HOUR), null, iso(now() - 25 * HOUR - 10 * MINUTE));
    code.run(user, 'retention-used', iso(now() - 23 * HOUR), iso(now() - 23 * HOUR - 5 * MINUTE), iso(now() - 23 * HOUR - 10 * MINUTE));
    code.run(user, 'retention-live', iso(now() + 5 * MINUTE), null, iso(now() - 5 * MINUTE));

    await purge();
    expect(db().prepare("SELECT ip FROM two_factor_attempts WHERE ip LIKE '192.0.2.9_' ORDER BY ip").pluck().all()).toEqual(['192.0.2.91', '192.0.2.92']);
    expect(db().prepare("SELECT code_hash FROM email_codes WHERE code_hash LIKE 'retention-%' ORDER BY code_hash").pluck().all()).toEqual(['retention-live', 'retention-used']);
  });
});

describe('stored idempotent answers', () => {
  it('stay while they can be replayed (24 h), then go', async () => {
    const consent = () =>
      call('POST', '/api/v1/cookie-consents', { headers: { 'x-forwarded-for': '192.0.2.120', 'idempotency-key': 'retentie-cheie' }, body: { consent: 'all', token: '' } });
    const first = await consent();
    expect(first.status).toBe(201);
    const stored = () => count("SELECT COUNT(*) FROM idempotency_keys WHERE key = 'retentie-cheie'");
    clock.advance(23 * HOUR);
    await purge();
    expect(stored()).toBe(1);
    const replayed = await consent();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(first.body.data.id);
    clock.advance(HOUR + MINUTE);
    await purge();
    expect(stored()).toBe(0);
  });
});

describe('cookie consents and contact messages', () => {
  // Personal data (IP, user agent; a name, address, phone and message), kept for a documented period only.
  const insertConsent = (ip: string, at: number) =>
    db().prepare("INSERT INTO cookie_consents (user_id, consent, ip, user_agent, created_at) VALUES (NULL, 'all', ?, 'ua', ?)").run(ip, iso(at));
  const insertMessage = (email: string, at: number) =>
    db()
      .prepare("INSERT INTO contact_messages (user_id, name, email, phone_number, subject, message, ip, created_at) VALUES (NULL, 'Ana', ?, NULL, 'Întrebare', 'Mesaj', '192.0.2.1', ?)")
      .run(email, iso(at));
  const consentIps = () => db().prepare("SELECT ip FROM cookie_consents WHERE ip LIKE '192.0.2.13_' ORDER BY ip").pluck().all();
  const messageEmails = () => db().prepare("SELECT email FROM contact_messages WHERE email LIKE 'retentie-%' ORDER BY email").pluck().all();

  it('a consent record goes 395 days (13 months) after it was given, a contact message 730 days (24 months) after it came', async () => {
    const given = await call('POST', '/api/v1/cookie-consents', { headers: { 'x-forwarded-for': '192.0.2.130' }, body: { consent: 'all', token: '' } });
    expect(given.status, given.text).toBe(201);
    for (const [i, age] of [[1, 395 * DAY + MINUTE], [2, 395 * DAY + 2 * MINUTE], [3, 395 * DAY - MINUTE]] as const) insertConsent(`192.0.2.13${i}`, now() - age);
    insertMessage('retentie-vechi-1@exemplu.ro', now() - 730 * DAY - MINUTE);
    insertMessage('retentie-vechi-2@exemplu.ro', now() - 800 * DAY);
    insertMessage('retentie-vechi-3@exemplu.ro', now() - 900 * DAY);
    insertMessage('retentie-recent@exemplu.ro', now() - 730 * DAY + MINUTE);

    const result = await purgeExpiredData(server.ctx, undefined, 2);
    expect(result.stopped).toBeNull();
    expect(result.deleted).toMatchObject({ cookie_consents: 2, contact_messages: 3 });
    expect(result.batches).toMatchObject({ cookie_consents: 2, contact_messages: 2 });
    expect(consentIps()).toEqual(['192.0.2.130', '192.0.2.133']);
    expect(messageEmails()).toEqual(['retentie-recent@exemplu.ro']);

    // The record given just now lives its 395 days, to the minute.
    clock.advance(395 * DAY - MINUTE);
    await purge();
    expect(consentIps()).toContain('192.0.2.130');
    clock.advance(2 * MINUTE);
    await purge();
    expect(consentIps()).toEqual([]);
    expect(messageEmails()).toEqual([]);
  });

  it('the periods are settings (RETENTION_COOKIE_CONSENTS_DAYS, RETENTION_CONTACT_MESSAGES_DAYS)', async () => {
    const other = await start({ RETENTION_COOKIE_CONSENTS_DAYS: '30', RETENTION_CONTACT_MESSAGES_DAYS: '60' });
    try {
      const at = (days: number) => iso(now() - days * DAY - MINUTE);
      other.server.db.prepare("INSERT INTO cookie_consents (user_id, consent, ip, user_agent, created_at) VALUES (NULL, 'essential', '192.0.2.140', 'ua', ?)").run(at(30));
      other.server.db.prepare("INSERT INTO cookie_consents (user_id, consent, ip, user_agent, created_at) VALUES (NULL, 'essential', '192.0.2.141', 'ua', ?)").run(at(29));
      other.server.db
        .prepare("INSERT INTO contact_messages (user_id, name, email, phone_number, subject, message, ip, created_at) VALUES (NULL, 'Ana', 'a@exemplu.ro', NULL, 's', 'm', '192.0.2.1', ?)")
        .run(at(60));
      const result = await purgeExpiredData(other.server.ctx);
      expect(result.deleted).toMatchObject({ cookie_consents: 1, contact_messages: 1 });
      expect(other.server.db.prepare("SELECT ip FROM cookie_consents WHERE ip LIKE '192.0.2.14_'").pluck().all()).toEqual(['192.0.2.141']);
    } finally {
      await other.server.close();
      rmSync(other.dir, { recursive: true, force: true });
    }
  });
});

describe('records a customer could need', () => {
  it('orders, payments, policies, invoices and the other records are never purged, however old', async () => {
    const tables = ['users', 'orders', 'payments', 'policies', 'invoices', 'payment_events', 'refunds', 'expiry_reminders', 'recovery_codes'];
    const counts = () => Object.fromEntries(tables.map((table) => [table, count(`SELECT COUNT(*) FROM ${table}`)]));
    const before = counts();
    expect(before.orders).toBeGreaterThan(0);
    expect(before.invoices).toBeGreaterThan(0);
    const orderedQuotes = count('SELECT COUNT(*) FROM quotes WHERE id IN (SELECT quote_id FROM orders)');
    clock.advance(10 * 366 * DAY);
    await purge();
    expect(counts()).toEqual(before);
    expect(count('SELECT COUNT(*) FROM quotes WHERE id IN (SELECT quote_id FROM orders)')).toBe(orderedQuotes);
  });
});

describe('a big backlog', () => {
  it('is deleted in batches, each its own transaction, with the event loop free between them', async () => {
    await purge(); // nothing else due
    const insert = db().prepare(
      "INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES ('pageview', 'http://localhost:3000/vechi', 'localhost', NULL, NULL, '192.0.2.1', 'ua', ?)",
    );
    db().transaction(() => {
      for (let i = 0; i < 2500; i += 1) insert.run(iso(now() - 200 * DAY + i));
    })();
    const old = () => count("SELECT COUNT(*) FROM analytics_events WHERE url = 'http://localhost:3000/vechi'");

    // A callback queued before the run starts gets its turn right after the first batch: the run does not hold
    // the event loop (requests are served between batches), and a stop (the server closing) ends it there.
    const stop = new AbortController();
    setImmediate(() => stop.abort());
    const first = await purgeExpiredData(server.ctx, stop.signal, 1000);
    expect(first).toMatchObject({ stopped: 'aborted' });
    expect(first.deleted.analytics_events).toBe(1000);
    expect(old()).toBe(1500); // the first batch committed on its own

    const rest = await purgeExpiredData(server.ctx, undefined, 1000);
    expect(rest.stopped).toBeNull();
    expect(rest.deleted.analytics_events).toBe(1500);
    expect(rest.batches.analytics_events).toBe(2);
    expect(old()).toBe(0);
  });
});

describe('the schedule', () => {
  const insertOld = () =>
    db().prepare(
      "INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES ('pageview', 'http://localhost:3000/programat', 'localhost', NULL, NULL, '192.0.2.1', 'ua', ?)",
    ).run(iso(now() - 200 * DAY));
  const waiting = () => count("SELECT COUNT(*) FROM analytics_events WHERE url = 'http://localhost:3000/programat'");

  it('runs at most once per RETENTION_INTERVAL_MINUTES (60) on the clock, and logs one line per run with the counts', async () => {
    clock.advance(2 * HOUR); // whatever ran before is an interval ago
    lines.length = 0;
    insertOld();
    expect(await server.ctx.workers.retention.runOnce()).toBe(1);
    expect(waiting()).toBe(0);
    const [line] = logged(lines);
    expect(logged(lines)).toHaveLength(1);
    expect(line).toMatchObject({ level: 30, deleted: { analytics_events: 1, sessions: 0, mail_queue: 0 }, total: 1 });
    expect(line.request_id).toMatch(/^retention:[0-9a-f-]{36}$/);

    insertOld();
    clock.advance(30 * MINUTE);
    expect(await server.ctx.workers.retention.runOnce()).toBe(0);
    expect(waiting()).toBe(1);
    expect(logged(lines)).toHaveLength(1);

    clock.advance(30 * MINUTE + 1000);
    expect(await server.ctx.workers.retention.runOnce()).toBe(1);
    expect(waiting()).toBe(0);
    expect(logged(lines)).toHaveLength(2);

    // A clock set back runs it again rather than waiting for the clock to catch up.
    insertOld();
    clock.advance(-DAY);
    expect(await server.ctx.workers.retention.runOnce()).toBe(1);
  });

  it('a run the storage refused (a read-only or full disk) is tried again at the next poll, not an interval later', async () => {
    clock.advance(2 * HOUR); // whatever ran before is an interval ago
    lines.length = 0;
    insertOld();
    // The file system remounted read-only: every delete is refused (SQLITE_READONLY), as on a full disk (SQLITE_FULL).
    db().pragma('query_only = ON');
    try {
      expect(await server.ctx.workers.retention.runOnce()).toBe(0);
    } finally {
      db().pragma('query_only = OFF');
    }
    expect(waiting()).toBe(1);
    expect(logged(lines)).toHaveLength(1);
    expect(logged(lines)[0]).toMatchObject({ level: 50, stopped: 'storage_unavailable', total: 0 });
    // The disk is back: the next poll (a minute later) deletes what is due, an hour was too long to wait for the
    // job that frees room.
    clock.advance(MINUTE + 1000);
    expect(await server.ctx.workers.retention.runOnce()).toBe(1);
    expect(waiting()).toBe(0);
  });

  it('starts with the server: a restarted server purges what is due at once', async () => {
    const where = mkdtempSync(path.join(tmpdir(), 'broker-retention-'));
    try {
      const first = await start({}, { dir: where });
      first.server.db.prepare(
        "INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES ('pageview', 'http://localhost:3000/repornit', 'localhost', NULL, NULL, '192.0.2.1', 'ua', ?)",
      ).run(iso(now() - 200 * DAY));
      await first.server.close();

      const sink: string[] = [];
      const second = await start({}, { dir: where, workers: true, lines: sink });
      try {
        for (let i = 0; i < 100 && logged(sink).length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(logged(sink)[0]).toMatchObject({ deleted: { analytics_events: 1 } });
        expect(second.server.db.prepare("SELECT COUNT(*) FROM analytics_events WHERE url = 'http://localhost:3000/repornit'").pluck().get()).toBe(0);
      } finally {
        await second.server.close();
      }
    } finally {
      rmSync(where, { recursive: true, force: true });
    }
  });
});

describe('settings', () => {
  const env = { ...TEST_CONFIG_ENV, NODE_ENV: 'test' };

  it('a run with no settings gets the documented defaults', () => {
    expect(loadConfig({ ...TEST_CONFIG_ENV }).retention).toEqual({
      intervalMs: 60 * MINUTE, sessionsDays: 30, passwordResetsDays: 7, sentMailDays: 90, analyticsDays: 180, analyticsMaxEvents: 1_000_000,
      cookieConsentsDays: 395, contactMessagesDays: 730,
    });
  });

  it('refuses retention periods of no days, fractions and words', () => {
    for (const [name, value] of [['RETENTION_SESSIONS_DAYS', '0'], ['RETENTION_PASSWORD_RESETS_DAYS', '1.5'], ['RETENTION_SENT_MAIL_DAYS', 'never'],
      ['RETENTION_ANALYTICS_DAYS', '-3'], ['RETENTION_ANALYTICS_MAX_EVENTS', '10'], ['RETENTION_INTERVAL_MINUTES', '0'],
      ['RETENTION_COOKIE_CONSENTS_DAYS', '0'], ['RETENTION_CONTACT_MESSAGES_DAYS', 'forever']]) {
      expect(() => loadConfig({ ...env, [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, [name]: value }), name).toThrow(name);
    }
    expect(loadConfig({ ...TEST_CONFIG_ENV, RETENTION_SESSIONS_DAYS: '60', RETENTION_ANALYTICS_MAX_EVENTS: '5000' }).retention).toMatchObject({ sessionsDays: 60, analyticsMaxEvents: 5000 });
  });
});
