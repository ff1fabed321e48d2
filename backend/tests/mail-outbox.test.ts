import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { queueMail } from '../src/mail/outbox';
import type { Mailer } from '../src/mail/mailer';
import { client, FakeClock, startServer, type Call, type TestServer } from './helpers';

// Workers off: the test drives the outbox worker by hand (runOnce) with a fake clock.
const clock = new FakeClock('2026-11-23T09:00:00Z');
let t: TestServer;
let call: Call;
const contact = (email: string) => ({ name: 'Ana Pop', email, phone_number: '0722123456', subject: 'Întrebare', message: 'Bună ziua, am o întrebare despre RCA.', token: '' });
const queued = (to: string) =>
  t.server.db.prepare('SELECT * FROM mail_queue WHERE to_address = ? ORDER BY id').all(to) as { status: string; attempts: number; next_attempt_at: string; message_id: string; text: string }[];
const stored = (to: string) => t.server.db.prepare('SELECT * FROM outbox WHERE to_address = ?').all(to) as { message_id: string; subject: string }[];

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

describe('mail outbox', () => {
  it('queues the mail in the write transaction; the worker delivers it once, with its message id', async () => {
    const res = await call('POST', '/api/v1/contact-messages', { body: contact('coada@exemplu.ro') });
    expect(res.status).toBe(201);
    expect(queued('coada@exemplu.ro')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(stored('coada@exemplu.ro')).toHaveLength(0);

    expect(await t.server.ctx.workers.mail.runOnce()).toBe(1);
    const [row] = queued('coada@exemplu.ro');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: '' });
    expect(stored('coada@exemplu.ro')).toMatchObject([{ message_id: row.message_id, subject: 'Am primit mesajul dumneavoastră' }]);
    expect(await t.server.ctx.workers.mail.runOnce()).toBe(0);
    expect(stored('coada@exemplu.ro')).toHaveLength(1);
  });

  it('a rolled-back write leaves no mail, and a mail cannot be queued outside a transaction', () => {
    const ctx = t.server.ctx;
    expect(() =>
      ctx.db.transaction(() => {
        queueMail(ctx, { to: 'anulat@exemplu.ro', subject: 'x', text: 'x' });
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expect(queued('anulat@exemplu.ro')).toHaveLength(0);
    expect(() => queueMail(ctx, { to: 'anulat@exemplu.ro', subject: 'x', text: 'x' })).toThrow(/inside the write transaction/);
  });

  it('retries a failed delivery with backoff (5 s, then 30 s) and delivers it when the transport is back', async () => {
    const ctx = t.server.ctx;
    const real = ctx.mailer;
    let calls = 0;
    const failing: Mailer = { deliver: async () => { calls += 1; throw new Error('SMTP 421 try later'); }, close: () => {} };
    ctx.mailer = failing;
    try {
      await call('POST', '/api/v1/contact-messages', { body: contact('reincercare@exemplu.ro') });
      expect(await ctx.workers.mail.runOnce()).toBe(0);
      let [row] = queued('reincercare@exemplu.ro');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(clock.now().getTime() + 5000).toISOString() });
      clock.advance(4000);
      await ctx.workers.mail.runOnce();
      expect(calls).toBe(1); // not due yet
      clock.advance(1000);
      await ctx.workers.mail.runOnce();
      expect(calls).toBe(2);
      [row] = queued('reincercare@exemplu.ro');
      expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString() });
      ctx.mailer = real;
      clock.advance(30_000);
      expect(await ctx.workers.mail.runOnce()).toBe(1);
      expect(queued('reincercare@exemplu.ro')[0]).toMatchObject({ status: 'sent', attempts: 3 });
      expect(stored('reincercare@exemplu.ro')).toHaveLength(1);
    } finally {
      ctx.mailer = real;
    }
  });

  it('a crash between the send and the mark redelivers the same message id, stored once', async () => {
    const ctx = t.server.ctx;
    await call('POST', '/api/v1/contact-messages', { body: contact('dublura@exemplu.ro') });
    await ctx.workers.mail.runOnce();
    // As if the process died after delivering but before marking: the lease expires and the worker tries again.
    ctx.db.prepare("UPDATE mail_queue SET status = 'pending', next_attempt_at = ? WHERE to_address = ?").run(clock.now().toISOString(), 'dublura@exemplu.ro');
    ctx.db.prepare("UPDATE mail_queue SET text = 'Am primit mesajul dumneavoastră' WHERE to_address = ?").run('dublura@exemplu.ro');
    await ctx.workers.mail.runOnce();
    expect(queued('dublura@exemplu.ro')[0].status).toBe('sent');
    expect(stored('dublura@exemplu.ro')).toHaveLength(1);
  });

  it('a restarted server delivers what was queued before it stopped', async () => {
    const dir = t.dir;
    await call('POST', '/api/v1/contact-messages', { body: contact('repornire@exemplu.ro') });
    expect(queued('repornire@exemplu.ro')[0].status).toBe('pending');
    await t.server.close();
    const again = await startServer({}, clock, { dir });
    try {
      await expect.poll(() => (again.server.db.prepare('SELECT COUNT(*) FROM outbox WHERE to_address = ?').pluck().get('repornire@exemplu.ro') as number)).toBe(1);
    } finally {
      await again.server.close();
    }
    t = await startServer({}, clock, { workers: false, dir });
    call = client(t.url);
  });
});

describe('mail outbox over SMTP', () => {
  let smtp: Server;
  let s: TestServer;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // An SMTP server that accepts the connection and never says anything (overloaded, or a black hole).
    smtp = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.address() as AddressInfo).port;
    s = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }, new FakeClock('2026-11-23T09:00:00Z'), { workers: false });
  });
  afterAll(async () => {
    await s.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => smtp.close(resolve));
  });

  it('a silent SMTP server fails the delivery within seconds (well inside the claim lease), to be retried', async () => {
    const res = await client(s.url)('POST', '/api/v1/contact-messages', { body: contact('tacut@exemplu.ro') });
    expect(res.status).toBe(201);
    const started = Date.now();
    expect(await s.server.ctx.workers.mail.runOnce()).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    const [row] = s.server.db.prepare('SELECT * FROM mail_queue WHERE to_address = ?').all('tacut@exemplu.ro') as { status: string; attempts: number; last_error: string }[];
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/greeting|timeout/i);
  }, 20_000);
});
