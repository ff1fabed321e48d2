import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMail, queueMail } from '../src/mail/outbox';
import type { Mailer } from '../src/mail/mailer';
import { FakeClock, startServer, type TestServer } from './helpers';

/**
 * Faults of the mail outbox: a slow transport that outlasts a batch's claim lease while another process looks
 * for due mail, and a server stopped (SIGTERM) in the middle of a batch.
 */
const clock = new FakeClock('2026-11-23T09:00:00Z');
let t: TestServer;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
});
afterAll(() => t.close());

function queue(prefix: string, n: number): string[] {
  const ctx = t.server.ctx;
  const ids: string[] = [];
  ctx.db.transaction(() => {
    for (let i = 0; i < n; i++) ids.push(queueMail(ctx, { to: `${prefix}${i}@exemplu.ro`, subject: `Mesaj ${i}`, text: 'text' }));
  })();
  return ids;
}

const rows = (ids: string[]) =>
  ids.map((id) => t.server.db.prepare('SELECT status, next_attempt_at FROM mail_queue WHERE message_id = ?').get(id) as { status: string; next_attempt_at: string });

describe('mail outbox under faults', () => {
  it('a batch slower than its claim lease is not sent a second time by another process', async () => {
    const ctx = t.server.ctx;
    const real = ctx.mailer;
    const ids = queue('lent', 3);
    const sends: string[] = [];
    let otherRunDone = false;
    // Each delivery takes 70 s of the clock (a slow SMTP server, within its timeouts). While the second one is on
    // its way, a second process (same database) runs its own outbox pass.
    ctx.mailer = {
      async deliver(_mail, messageId, markSent) {
        sends.push(messageId);
        clock.advance(70_000);
        if (sends.length === 2 && !otherRunDone) {
          otherRunDone = true;
          await deliverDueMail(ctx);
        }
        markSent();
      },
      close() {},
    } satisfies Mailer;
    try {
      await deliverDueMail(ctx);
    } finally {
      ctx.mailer = real;
    }
    expect(rows(ids).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    // Every message went out once.
    expect(sends.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it('a stopped worker ends its batch after the delivery in progress and leaves the rest due at once', async () => {
    const ctx = t.server.ctx;
    const real = ctx.mailer;
    const ids = queue('oprire', 3);
    const sends: string[] = [];
    let release!: () => void;
    const firstStarted = new Promise<void>((resolve) => {
      ctx.mailer = {
        async deliver(_mail, messageId, markSent) {
          sends.push(messageId);
          if (sends.length === 1) {
            resolve();
            await new Promise<void>((r) => (release = r));
          }
          markSent();
        },
        close() {},
      } satisfies Mailer;
    });
    try {
      const run = ctx.workers.mail.runOnce();
      await firstStarted;
      const stopped = ctx.workers.mail.stop();
      release();
      await stopped;
      await run;
    } finally {
      ctx.mailer = real;
    }
    expect(sends).toEqual([ids[0]]);
    const [first, ...rest] = rows(ids);
    expect(first.status).toBe('sent');
    // Not held under a 2-minute lease: the next start delivers them at once.
    for (const r of rest) {
      expect(r.status).toBe('pending');
      expect(Date.parse(r.next_attempt_at)).toBeLessThanOrEqual(clock.now().getTime());
    }
  });
});
