import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { deliverDueMail, queueMail } from '../src/mail/outbox';
import { FakeClock, startServer, type TestServer } from './helpers';

/**
 * A mail accepted by the SMTP server while another process holds the database (a long write, a backup): marking it
 * sent waits out the busy timeout and fails. The message went out; it must not go out again once the lock is gone.
 */
const clock = new FakeClock('2026-11-23T09:00:00Z');
let smtp: Server;
let t: TestServer;
let other: Database.Database;
const sockets = new Set<Socket>();
const received: string[] = [];
/** Runs when the SMTP server has the whole message, before it answers 250. */
let onMessage: () => void = () => {};

beforeAll(async () => {
  // The smallest SMTP server nodemailer talks to: greeting, EHLO, MAIL, RCPT, DATA, QUIT.
  smtp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data = false;
    let message = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(/^Message-ID: *(.*)$/im.exec(message)?.[1] ?? '');
            message = '';
            onMessage();
            socket.write('250 OK queued\r\n');
          } else message += `${line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 OK\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.address() as AddressInfo).port;
  t = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }, clock, { workers: false });
  other = new Database(path.join(t.dir, 'test.sqlite'));
});
afterAll(async () => {
  other.close();
  await t.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => smtp.close(resolve));
});

describe('mail outbox over SMTP, database locked after the send', () => {
  it('a mail the SMTP server accepted is marked sent once the lock is gone, never sent again', async () => {
    const ctx = t.server.ctx;
    ctx.db.pragma('busy_timeout = 200');
    let messageId = '';
    ctx.db.transaction(() => {
      messageId = queueMail(ctx, { to: 'blocat@exemplu.ro', subject: 'Polița dumneavoastră', text: 'text' });
    })();
    // Another process takes the write lock while the SMTP server has the message.
    onMessage = () => other.exec('BEGIN IMMEDIATE');
    await deliverDueMail(ctx).catch(() => 0);
    onMessage = () => {};
    expect(received).toHaveLength(1);
    other.exec('COMMIT');
    // The lock is gone; runs go on past the claim lease (2 minutes).
    for (let i = 0; i < 4; i++) {
      clock.advance(60_000);
      await deliverDueMail(ctx);
    }
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(messageId);
    const row = ctx.db.prepare('SELECT status FROM mail_queue WHERE message_id = ?').get(messageId) as { status: string };
    expect(row.status).toBe('sent');
  }, 20_000);
});
