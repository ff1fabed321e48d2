import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, startServer, type Call, type TestServer } from './helpers';

/**
 * /readyz and a database that cannot store writes (a full disk, a file system remounted read-only, a failing disk).
 * Its own probe (one row updated in place) succeeds on a full database: it needs no new page. So readiness said
 * "ready" while every write that needed room answered 503 storage_unavailable. Now a write that failed with
 * SQLITE_FULL / SQLITE_READONLY / SQLITE_IOERR makes /readyz answer 503 for STORAGE_FAILURE_WINDOW_MS (30 s), until a
 * write commits; the probe's own write never counts as one, and no write is added per probe.
 */
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

const db = () => t.server.db;
const padding = 'x'.repeat(4800);
let sent = 0;
/** An analytics event of ~5 KB: more than a page, so it always needs new pages (a real write). */
const event = () => {
  sent += 1;
  return call('POST', '/api/event', { headers: { 'x-forwarded-for': `192.0.2.${(sent % 200) + 1}` }, body: { name: 'pageview', url: `http://localhost:3000/${sent}`, domain: 'localhost', props: { pad: padding } } });
};
/** The readiness probes share a check for a second: the next probe runs one of its own. */
const freshReadyz = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return call('GET', '/readyz');
};
/** The database file may not grow any more (as a full disk: SQLITE_FULL); returns the way back. */
function fillDisk(): () => void {
  const pages = db().pragma('page_count', { simple: true }) as number;
  db().pragma(`max_page_count = ${pages}`);
  return () => void db().pragma('max_page_count = 1073741823');
}

describe('readiness on a full database', () => {
  it('is 503 after a write failed for lack of room, stays so until a write commits, and never writes to find out', async () => {
    expect((await call('GET', '/readyz')).status).toBe(200);
    const freeDisk = fillDisk();
    let full;
    try {
      full = await event();
      for (let i = 0; i < 5 && full.status !== 503; i += 1) full = await event();
      expect(full.status, full.text).toBe(503);
      expect(full.body.error.code).toBe('storage_unavailable');

      const ready = await call('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not_ready', checks: { database: { ok: false, reason: 'storage_full' }, migrations: { ok: true } } });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      // A probe of its own (one second later) neither clears it nor writes.
      const before = db().prepare('SELECT checked_ms FROM readiness_probe WHERE id = 1').pluck().get();
      expect((await freshReadyz()).status).toBe(503);
      expect(db().prepare('SELECT checked_ms FROM readiness_probe WHERE id = 1').pluck().get()).toBe(before);
    } finally {
      freeDisk();
    }
    // Room again, but nothing written yet: still not ready (within the window).
    expect((await freshReadyz()).status).toBe(503);
    expect((await event()).status).toBe(202);
    const back = await call('GET', '/readyz');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('a failure older than 30 s with no write since no longer counts', async () => {
    const freeDisk = fillDisk();
    try {
      let full = await event();
      for (let i = 0; i < 5 && full.status !== 503; i += 1) full = await event();
      expect(full.status).toBe(503);
    } finally {
      freeDisk();
    }
    expect((await call('GET', '/readyz')).status).toBe(503);
    clock.advance(29_000);
    expect((await call('GET', '/readyz')).status).toBe(503);
    clock.advance(2_000);
    expect((await freshReadyz()).status).toBe(200);
  });
});

describe('readiness on a read-only or failing database', () => {
  it('a write refused as read-only answers 503 storage_unavailable (not 500), and readiness says read_only', async () => {
    db().pragma('query_only = ON');
    let refused;
    try {
      refused = await event();
    } finally {
      db().pragma('query_only = OFF');
    }
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error.code).toBe('storage_unavailable');
    expect(refused.text).not.toMatch(/sqlite|readonly|read-only/i);
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toEqual({ ok: false, reason: 'read_only' });
    expect((await event()).status).toBe(202);
    expect((await call('GET', '/readyz')).status).toBe(200);
  });

  it('an I/O error at a background write (outside any request) counts too', async () => {
    const failing = db().transaction(() => {
      db().prepare("INSERT INTO readiness_probe (id, checked_ms) VALUES (1, 0) ON CONFLICT (id) DO NOTHING").run();
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    });
    expect(() => failing.immediate()).toThrow('disk I/O error');
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toEqual({ ok: false, reason: 'io_error' });
    // A transaction that commits a change is a write that succeeded.
    db().transaction(() => db().prepare("INSERT INTO cookie_consents (user_id, consent, ip, user_agent, created_at) VALUES (NULL, 'all', '192.0.2.9', 'ua', ?)").run(clock.now().toISOString())).immediate();
    expect((await call('GET', '/readyz')).status).toBe(200);
  });
});
