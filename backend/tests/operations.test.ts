import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { buildServer, type BuiltServer } from '../src/server';
import { ADMIN_HEADERS, client, login, rcaInput, startServer, TEST_CONFIG_ENV, type Call, type TestServer } from './helpers';

/** Two backend processes' worth of servers on one database: what a second process sees. */
let a: TestServer;
let b: BuiltServer;
let callA: Call;
let callB: Call;

beforeAll(async () => {
  a = await startServer({ REALTIME_POLL_MS: '50' });
  b = await buildServer(loadConfig({ ...process.env, ...configEnv(a) }), { logger: false });
  await b.listen();
  callA = client(a.url);
  callB = client(b.url());
});
afterAll(async () => {
  await b.close();
  await a.close();
});

function configEnv(t: TestServer): Record<string, string> {
  return {
    ...TEST_CONFIG_ENV, NODE_ENV: 'test', BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0', DATABASE_PATH: t.config.databasePath,
    LOG_LEVEL: 'silent', WEB_APP_URL: t.config.webAppUrl, REALTIME_POLL_MS: '50',
  };
}

type Frame = { event: string; channel?: string; data: string };

/** A raw Pusher-protocol socket on `baseUrl` subscribed to `channel` (auth for private channels). */
async function subscriber(baseUrl: string, channel: string, token?: string) {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/app/local-key?protocol=7`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  const next = (test: (f: Frame) => boolean, ms = 10_000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame matched; got ${JSON.stringify(frames)}`)), ms);
      const check = () => {
        const found = frames.find(test);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  const established = await next((f) => f.event === 'pusher:connection_established');
  const socketId = (JSON.parse(established.data) as { socket_id: string }).socket_id;
  let auth: string | undefined;
  if (token) {
    const res = await client(baseUrl)('POST', '/pusher/auth', { token, body: { socket_id: socketId, channel_name: channel } });
    auth = res.body.auth;
  }
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
  await next((f) => f.event === 'pusher_internal:subscription_succeeded');
  return { frames, next, close: () => ws.close() };
}

describe('realtime across processes (the database is the bus)', () => {
  it('an order created on process A reaches a tab connected to process B', async () => {
    const token = await login(callA, 'client@exemplu.ro');
    const me = (await callA('GET', '/api/v1/auth/user', { token })).body.data;
    const tab = await subscriber(b.url(), `private-user.${me.id}`, token);
    try {
      const quote = (await callA('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput() } })).body.data;
      const order = await callA('POST', '/api/v1/orders', {
        token,
        body: {
          quote_id: quote.id, offer_id: quote.offers[0].id,
          customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' },
          consents: { terms: true, product_sheet: true, data_processing: true },
        },
      });
      expect(order.status).toBe(201);
      const frame = await tab.next((f) => f.event === 'order.updated');
      expect(JSON.parse(frame.data)).toMatchObject({ id: order.body.data.id, status: 'awaiting_payment' });
      expect(frame.channel).toBe(`private-user.${me.id}`);
    } finally {
      tab.close();
    }
  });

  it('maintenance switched on A reaches B\'s sockets without any request to B, once', async () => {
    const site = await subscriber(b.url(), 'site');
    const admin = ADMIN_HEADERS;
    try {
      await callA('POST', '/admin/maintenance', { headers: admin, body: { is_active: true } });
      await site.next((f) => f.event === 'maintenance.changed' && JSON.parse(f.data).is_active === true);
      await callA('POST', '/admin/maintenance', { headers: admin, body: { is_active: false } });
      await site.next((f) => f.event === 'maintenance.changed' && JSON.parse(f.data).is_active === false);
      expect(site.frames.filter((f) => f.event === 'maintenance.changed')).toHaveLength(2);
      expect(b.ctx.site.maintenance().is_active).toBe(false);
    } finally {
      site.close();
    }
  });

  it('an event published inside a transaction is delivered only when it commits', async () => {
    const site = await subscriber(b.url(), 'site');
    try {
      const db = a.server.db;
      expect(() =>
        db.transaction(() => {
          a.server.ctx.realtime.publish('site', 'test.rolled-back', { n: 1 });
          throw new Error('abort');
        })(),
      ).toThrow('abort');
      db.transaction(() => a.server.ctx.realtime.publish('site', 'test.committed', { n: 2 }))();
      a.server.ctx.realtime.poll(); // delivered by the tail, on A as on B
      await site.next((f) => f.event === 'test.committed');
      expect(site.frames.some((f) => f.event === 'test.rolled-back')).toBe(false);
    } finally {
      site.close();
    }
  });
});

describe('health checks and request ids', () => {
  it('/healthz and /readyz answer 200, never cached, even in maintenance', async () => {
    const admin = ADMIN_HEADERS;
    await callB('POST', '/admin/maintenance', { headers: admin, body: { is_active: true } });
    try {
      const health = await callB('GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.headers.get('cache-control')).toBe('no-store');
      const ready = await callB('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true } } });
    } finally {
      await callB('POST', '/admin/maintenance', { headers: admin, body: { is_active: false } });
    }
  });

  it('/readyz is 503 when a version below the latest is not applied (versions may be merged out of order)', async () => {
    const t = await startServer();
    try {
      const call = client(t.url);
      // As a database migrated with 18 before 17 was listed, until the runner applies 17.
      t.server.db.prepare('DELETE FROM migrations WHERE version = 16').run();
      const gap = await call('GET', '/readyz');
      expect(gap.status).toBe(503);
      expect(gap.body.checks.migrations).toEqual({ ok: false, reason: 'schema_not_latest' });
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 when the schema is behind the code and while draining', async () => {
    const t = await startServer();
    try {
      const call = client(t.url);
      t.server.db.prepare('DELETE FROM migrations WHERE version = (SELECT MAX(version) FROM migrations)').run();
      const behind = await call('GET', '/readyz');
      expect(behind.status).toBe(503);
      expect(behind.body.checks.migrations.ok).toBe(false);
      t.server.ctx.lifecycle.draining = true;
      const draining = await call('GET', '/readyz');
      expect(draining.status).toBe(503);
      expect(draining.body.checks).toEqual({ draining: { ok: false } });
      expect((await call('GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('/readyz on a locked database: 503 with check names and a generic reason, and a probe flood does not hold the process', async () => {
    const t = await startServer({}, undefined, { workers: false }); // background jobs have their own lock waits
    const other = new Database(t.config.databasePath);
    try {
      const call = client(t.url);
      other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
      const started = performance.now();
      const probes = Array.from({ length: 6 }, () => call('GET', '/readyz'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const healthStarted = performance.now();
      const health = await call('GET', '/healthz');
      const healthMs = performance.now() - healthStarted;
      const answers = await Promise.all(probes);
      const totalMs = performance.now() - started;
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ status: 'not_ready', checks: { database: { ok: false, reason: 'busy' }, migrations: { ok: true } } });
        expect(res.text).not.toMatch(/locked|sqlite/i);
      }
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(500); // the lock wait of the probes never blocks the event loop
      expect(totalMs).toBeLessThan(3000); // one check for the whole flood, not one lock wait each
      other.exec('ROLLBACK');
      // Ready again once the lock is gone (a result is reused for at most about a second).
      let ready = await call('GET', '/readyz');
      for (let i = 0; i < 30 && ready.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await call('GET', '/readyz');
      }
      expect(ready.status).toBe(200);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await t.close();
    }
  });

  it('/readyz answers a probe flood from one recent check (one database write per second at most)', async () => {
    const t = await startServer();
    try {
      const call = client(t.url);
      const written = () => t.server.db.prepare('SELECT checked_ms FROM readiness_probe WHERE id = 1').pluck().get() as number | undefined;
      expect((await call('GET', '/readyz')).status).toBe(200);
      const first = written();
      expect(first).toEqual(expect.any(Number));
      const flood = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/readyz')));
      expect(flood.every((r) => r.status === 200 && r.body.status === 'ready')).toBe(true);
      expect(written()).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call('GET', '/readyz')).status).toBe(200);
      expect(written()).toBeGreaterThan(first!);
      t.server.ctx.lifecycle.draining = true; // draining is never answered from a reused result
      expect((await call('GET', '/readyz')).status).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('keeps a safe X-Request-Id, replaces an unsafe one, and returns it', async () => {
    const kept = await callB('GET', '/api/v1/faq', { headers: { 'x-request-id': 'web-abc.123:4' } });
    expect(kept.headers.get('x-request-id')).toBe('web-abc.123:4');
    const replaced = await callB('GET', '/api/v1/faq', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = await callB('GET', '/api/v1/faq', { headers: { 'x-request-id': 'x'.repeat(65) } });
    expect(long.headers.get('x-request-id')).not.toBe('x'.repeat(65));
  });
});
