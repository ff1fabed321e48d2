import Database from 'better-sqlite3';
import { test, expect } from './fixtures';
import { EXTRA_ADMIN_TOKEN, startBackendProcess, tempDatabase, type BackendProcess } from './helpers/backend-process';
import { answerOnProcessorForm, createRcaOrder, orderStatus, startPayment } from './helpers/payments';

/**
 * Tests that run their own reference backend process (the built bundle) on the extra port, with their own
 * settings and database: a crash and a restart, the processor's IPN retries, reconciliation. One at a time
 * (they share the port).
 */
test.describe.configure({ mode: 'serial' });

/**
 * Transactional mail outbox: a backend killed (SIGKILL) right after a contact message committed, before any
 * mail could go out, has the confirmation in its queue; restarted on the same database it delivers it, once.
 * The kill comes from the dev fault point DEV_CRASH_AFTER_COMMIT (the process kills itself after the commit).
 */
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
        { status: 'pending', subject: 'Am primit mesajul dumneavoastră' },
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
        .toEqual(['Am primit mesajul dumneavoastră']);
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

/** A customer of a spawned backend: registered, with an RCA order awaiting payment. */
async function customerWithOrder(request: import('@playwright/test').APIRequestContext, backend: BackendProcess) {
  const email = `proc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemplu.ro`;
  const reg = await request.post(`${backend.url}/api/v1/auth/register`, {
    data: { email, phone_number: '0722000111', first_name: 'Ioana', last_name: 'Testescu', password: 'Parola-Test-2026', password_confirmation: 'Parola-Test-2026', is_default_password: false, token: '' },
  });
  expect(reg.status()).toBe(201);
  const token = ((await reg.json()) as { data: { access_token: string } }).data.access_token;
  return { token, order: await createRcaOrder(request, backend.url, token, email) };
}

async function stop(backend: BackendProcess) {
  backend.proc.kill('SIGTERM');
  expect((await backend.exited).code).toBe(0);
}

test('the processor retries an IPN that failed three times, with backoff, until it is acknowledged', async ({ request }) => {
  test.setTimeout(120_000);
  const db = tempDatabase();
  // A short retry schedule (1 s, then 2 s) stands in for 5 s, 30 s, 2 min.
  const backend = await startBackendProcess(db.file, { PAYMENT_IPN_RETRY_SCHEDULE: '1,2' });
  try {
    const { token, order } = await customerWithOrder(request, backend);
    const payment = await startPayment(request, backend.url, token, order.id, 'http://localhost:3000');
    const fail = await request.post(`${backend.url}/dev/fail-next`, { data: { path: '/api/v1/payments/ipn', status: 503, times: 3 } });
    expect(fail.ok()).toBe(true);

    expect(await answerOnProcessorForm(request, backend.url, payment, 'confirm')).toBe(303); // attempt 1: 503
    expect((await orderStatus(request, backend.url, token, order.id)).status).toBe('awaiting_payment');

    const record = async () =>
      ((await (await request.get(`${backend.url}/dev/processor/payments/${payment.payment_id}`)).json()) as {
        data: { transaction: { ipn_attempts: number; ipn_delivered_at: string | null; ipn_last_result: string } };
      }).data.transaction;
    await expect.poll(async () => (await record()).ipn_delivered_at, { timeout: 30_000 }).not.toBeNull();
    expect(await record()).toMatchObject({ ipn_attempts: 4, ipn_last_result: 'HTTP 200' });
    expect(await orderStatus(request, backend.url, token, order.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
  } finally {
    await stop(backend);
    db.remove();
  }
});

test('reconciliation settles an order whose every IPN was lost', async ({ request }) => {
  test.setTimeout(120_000);
  const db = tempDatabase();
  const backend = await startBackendProcess(db.file, { PAYMENT_RECONCILE_AFTER_SECONDS: '2', PAYMENT_RECONCILE_INTERVAL_SECONDS: '1' });
  try {
    const { token, order } = await customerWithOrder(request, backend);
    const payment = await startPayment(request, backend.url, token, order.id, 'http://localhost:3000');
    // The merchant never hears from the processor: every IPN attempt fails.
    await request.post(`${backend.url}/dev/fail-next`, { data: { path: '/api/v1/payments/ipn', status: 503, times: 100 } });
    expect(await answerOnProcessorForm(request, backend.url, payment, 'confirm')).toBe(303);
    expect((await orderStatus(request, backend.url, token, order.id)).status).toBe('awaiting_payment');

    // The job asks the processor about the stale order and settles it.
    await expect.poll(async () => (await orderStatus(request, backend.url, token, order.id)).status, { timeout: 30_000 }).toBe('paid');
    const events = ((await (await request.get(`${backend.url}/admin/payment-events?order_id=${order.id}`, { headers: { 'X-Admin-Token': EXTRA_ADMIN_TOKEN } })).json()) as {
      data: { outcome: string; source: string }[];
    }).data;
    expect(events).toEqual([expect.objectContaining({ outcome: 'paid', source: 'reconciliation' })]);
  } finally {
    await request.delete(`${backend.url}/dev/fail-next`);
    await stop(backend);
    db.remove();
  }
});
