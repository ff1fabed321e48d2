import Database from 'better-sqlite3';
import { test, expect } from './fixtures';
import { startBackendProcess, tempDatabase } from './helpers/backend-process';

/**
 * Transactional mail outbox: a backend killed (SIGKILL) right after a contact message committed, before any
 * mail could go out, has the confirmation in its queue; restarted on the same database it delivers it, once.
 * The kill comes from the dev fault point DEV_CRASH_AFTER_COMMIT (the process kills itself after the commit).
 */
test.describe.configure({ mode: 'serial' });

test('kill -9 between the commit and the mail: the mail is queued and delivered after the restart', async () => {
  test.setTimeout(120_000);
  const db = tempDatabase();
  const email = `crash-${Date.now()}@exemplu.ro`;
  try {
    const crashing = await startBackendProcess(db.file, { DEV_CRASH_AFTER_COMMIT: '/api/v1/contact-messages' });
    const answer = await fetch(`${crashing.url}/api/v1/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Pop', email, phone_number: '0722123456', subject: 'Polița RCA', message: 'Bună ziua, am o întrebare.', token: '' }),
    }).then((r) => r.status, () => 'no answer');
    expect(answer).toBe('no answer');
    expect((await crashing.exited).signal).toBe('SIGKILL');

    // The committed message and its queued mail are both in the database; nothing was delivered.
    const file = new Database(db.file);
    try {
      expect(file.prepare('SELECT COUNT(*) FROM contact_messages WHERE email = ?').pluck().get(email)).toBe(1);
      expect(file.prepare('SELECT status, subject FROM mail_queue WHERE to_address = ?').all(email)).toEqual([
        { status: 'pending', subject: 'Am primit mesajul tău' },
      ]);
      expect(file.prepare('SELECT COUNT(*) FROM outbox WHERE to_address = ?').pluck().get(email)).toBe(0);
    } finally {
      file.close();
    }

    const restarted = await startBackendProcess(db.file);
    try {
      await expect
        .poll(async () => {
          const res = await fetch(`${restarted.url}/dev/outbox?to=${encodeURIComponent(email)}`);
          return ((await res.json()) as { data: { subject: string }[] }).data.map((m) => m.subject);
        })
        .toEqual(['Am primit mesajul tău']);
      const queue = (await (await fetch(`${restarted.url}/dev/mail-queue?to=${encodeURIComponent(email)}`)).json()) as { data: { status: string }[] };
      expect(queue.data.map((m) => m.status)).toEqual(['sent']);
    } finally {
      restarted.proc.kill('SIGTERM');
      // The worker stops with the server: a clean exit.
      expect((await restarted.exited).code).toBe(0);
    }
  } finally {
    db.remove();
  }
});
