import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { ADMIN_HEADERS, client, FakeClock, login, outbox, rcaInput, startServer, TEST_SECRETS, WEB, type Call, type TestServer } from './helpers';

// Background jobs off and a fake clock: the test drives the processor's retries and the reconciliation job.
const clock = new FakeClock('2026-11-23T08:00:00Z');
const ADMIN = ADMIN_HEADERS;
let t: TestServer;
let call: Call;
let token: string;

const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' };
const consents = { terms: true, product_sheet: true, data_processing: true };
/** This file moves the clock by days and keeps one session: the idle limit (session-lifetime.test.ts) is not its subject. */
const LONG_IDLE = { SESSION_IDLE_TIMEOUT_MINUTES: String(30 * 24 * 60) };
const env = { PAYMENT_RECONCILE_AFTER_SECONDS: '600', PAYMENT_CHECKOUT_TTL_SECONDS: '900', ...LONG_IDLE };

async function boot(dir?: string) {
  t = await startServer(env, clock, { workers: false, dir });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
}
beforeAll(() => boot());
afterAll(() => t.close());

async function newOrder() {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: 'rca', input: rcaInput({}, clock) } })).body.data;
  const res = await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: q.offers[0].id, customer, consents } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; amount_bani: number; number: string };
}

async function startPayment(orderId: number) {
  const p = await call('POST', `/api/v1/orders/${orderId}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
  expect(p.status).toBe(201);
  return { id: p.body.data.payment_id as string, signature: new URL(p.body.data.redirect_url).searchParams.get('signature')! };
}

/** The customer's button on the processor's page. */
function answer(payment: { id: string; signature: string }, action: 'confirm' | 'decline') {
  return fetch(`${t.url}/payment-processor/checkout/${payment.id}/${action}`, { method: 'POST', body: new URLSearchParams({ signature: payment.signature }), redirect: 'manual' });
}

const order = async (id: number) => (await call('GET', `/api/v1/orders/${id}`, { token })).body.data;
const policiesOf = (orderId: number) => t.server.db.prepare('SELECT COUNT(*) FROM policies WHERE order_id = ?').pluck().get(orderId) as number;
const events = async (orderId: number) =>
  (await call('GET', `/admin/payment-events?order_id=${orderId}`, { headers: ADMIN })).body.data.map((e: { status: string; outcome: string; source: string }) => [e.status, e.outcome, e.source]).reverse();

describe('late and out-of-order confirmations', () => {
  it('a confirmation after a decline of the same payment pays the order and issues the policy once', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    expect((await answer(p, 'decline')).status).toBe(303);
    expect((await order(o.id)).status).toBe('payment_failed');

    // The bank authorises after all: the processor notifies a confirmation of the declined payment.
    const late = await call('POST', `/dev/processor/payments/${p.id}/notify`, { body: { status: 'confirmed' } });
    expect(late.body.data.first_ipn_status).toBe(200);
    const paid = await order(o.id);
    expect(paid).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
    expect(policiesOf(o.id)).toBe(1);
    expect(await events(o.id)).toEqual([['declined', 'declined', 'ipn'], ['confirmed', 'paid', 'ipn']]);
    const mails = await outbox(call, 'client@exemplu.ro');
    expect(mails[0].attachments[0].filename).toMatch(/^polita-RCA-/);

    // The same confirmation again: recorded, acknowledged, nothing more happens.
    const secret = TEST_SECRETS.PAYMENT_SIGNING_SECRET;
    const sig = createHmac('sha256', secret).update(`${p.id}:confirmed:${o.amount_bani}`).digest('hex');
    const again = await call('POST', '/api/v1/payments/ipn', { body: { payment_id: p.id, status: 'confirmed', amount_bani: o.amount_bani, signature: sig } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ outcome: 'duplicate', already_processed: true });
    // A decline after the confirmation does not undo the charge.
    const declineSig = createHmac('sha256', secret).update(`${p.id}:declined:${o.amount_bani}`).digest('hex');
    const undo = await call('POST', '/api/v1/payments/ipn', { body: { payment_id: p.id, status: 'declined', amount_bani: o.amount_bani, signature: declineSig } });
    expect(undo.body.data).toMatchObject({ outcome: 'ignored', payment_status: 'confirmed', order_status: 'paid' });
    expect(policiesOf(o.id)).toBe(1);
    // A forged one is refused and not recorded.
    const forged = await call('POST', '/api/v1/payments/ipn', { body: { payment_id: p.id, status: 'confirmed', amount_bani: o.amount_bani, signature: 'ab'.repeat(32) } });
    expect(forged.status).toBe(403);
    expect(await events(o.id)).toHaveLength(4);
  });

  it('a payment cancelled by a second "Plătiți din nou" still pays an unpaid order; the second charge becomes a refund', async () => {
    const o = await newOrder();
    const first = await startPayment(o.id);
    const second = await startPayment(o.id); // cancels the first one here; the processor's page of it stays open
    expect((await answer(first, 'confirm')).status).toBe(303);
    expect(await order(o.id)).toMatchObject({ status: 'paid' });
    expect((await answer(second, 'confirm')).status).toBe(303);
    expect(await order(o.id)).toMatchObject({ status: 'paid' });
    expect(policiesOf(o.id)).toBe(1);
    expect(await events(o.id)).toEqual([['confirmed', 'paid', 'ipn'], ['confirmed', 'refund_due', 'ipn']]);

    expect((await call('GET', '/admin/refunds')).status).toBe(403);
    const due = (await call('GET', '/admin/refunds', { headers: ADMIN })).body.data;
    const refund = due.find((r: { payment_id: string }) => r.payment_id === second.id);
    expect(refund).toMatchObject({ order_id: o.id, order_number: o.number, amount_bani: o.amount_bani, reason: 'order_already_paid', status: 'due', customer_email: 'client@exemplu.ro' });
    const done = await call('POST', `/admin/refunds/${refund.id}/refunded`, { headers: ADMIN });
    expect(done.body.data).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect((await call('GET', '/admin/refunds', { headers: ADMIN })).body.data.some((r: { id: number }) => r.id === refund.id)).toBe(false);
  });
});

describe('the processor retries unacknowledged IPNs', () => {
  it('with backoff (5 s, 30 s, 2 min), persisted across a restart, until the merchant acknowledges', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 3 } });
    expect((await answer(p, 'confirm')).status).toBe(303); // attempt 1: 503
    expect((await order(o.id)).status).toBe('awaiting_payment');
    const tx = async () => (await call('GET', `/dev/processor/payments/${p.id}`)).body.data.transaction;
    const start = clock.now().getTime();
    expect(await tx()).toMatchObject({ ipn_attempts: 1, ipn_next_at: new Date(start + 5000).toISOString(), ipn_last_result: 'HTTP 503' });

    clock.advance(4000);
    expect(await t.server.ctx.workers.ipn.runOnce()).toBe(0);
    expect((await tx()).ipn_attempts).toBe(1); // not due yet
    clock.advance(1000);
    await t.server.ctx.workers.ipn.runOnce(); // attempt 2: 503
    expect(await tx()).toMatchObject({ ipn_attempts: 2, ipn_next_at: new Date(start + 35_000).toISOString() });

    // The retry schedule is in the database: a restarted server carries on.
    const dir = t.dir;
    await t.server.close();
    await boot(dir);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } }); // injected failures live in memory
    clock.advance(30_000);
    await t.server.ctx.workers.ipn.runOnce(); // attempt 3: 503
    expect(await tx()).toMatchObject({ ipn_attempts: 3, ipn_next_at: new Date(start + 155_000).toISOString() });
    clock.advance(120_000);
    expect(await t.server.ctx.workers.ipn.runOnce()).toBe(1); // attempt 4: acknowledged
    expect(await tx()).toMatchObject({ ipn_attempts: 4, ipn_next_at: null, ipn_delivered_at: expect.any(String), ipn_last_result: 'HTTP 200' });
    expect(await order(o.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
  });
});

describe('reconciliation', () => {
  it('settles orders awaiting payment longer than the setting from the processor\'s answers', async () => {
    // A: paid at the processor, every IPN lost.  B: the checkout was never answered.  C: started just now.
    const a = await newOrder();
    const pa = await startPayment(a.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 100 } });
    await answer(pa, 'confirm');
    const b = await newOrder();
    const pb = await startPayment(b.id);

    clock.advance(601_000);
    const c = await newOrder();
    await startPayment(c.id);
    expect(await t.server.ctx.workers.reconcile.runOnce()).toBe(1); // A; B's checkout has not expired yet (900 s)
    await call('DELETE', '/dev/fail-next');
    expect(await order(a.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
    expect(await events(a.id)).toEqual([['confirmed', 'paid', 'reconciliation']]);
    expect((await order(b.id)).status).toBe('awaiting_payment');

    clock.advance(300_000);
    expect(await t.server.ctx.workers.reconcile.runOnce()).toBe(1); // B expired at the processor; C is too recent
    expect((await order(b.id)).status).toBe('payment_failed');
    expect(await events(b.id)).toEqual([['expired', 'expired', 'reconciliation']]);
    expect((await order(c.id)).status).toBe('awaiting_payment');
    // The processor's page of B says so too, and takes no answer any more; the customer may start a new payment.
    expect(await (await fetch(`${t.url}/payment-processor/checkout/${pb.id}?signature=${pb.signature}`)).text()).toContain('Sesiunea de plată a expirat.');
    expect(await (await answer(pb, 'confirm')).text()).toContain('Sesiunea de plată a expirat.');
    expect((await order(b.id)).status).toBe('payment_failed');
    const again = await call('POST', `/api/v1/orders/${b.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } });
    expect(again.status).toBe(201);
  });
});

describe('reconciliation of orders that are no longer awaiting payment', () => {
  /** The processor gave up on a payment's IPN (every retry failed): only reconciliation can still hear of it. */
  const ipnGivenUp = (paymentId: string) => t.server.db.prepare('UPDATE processor_transactions SET ipn_next_at = NULL WHERE payment_id = ?').run(paymentId);
  const refundOf = (paymentId: string) => t.server.db.prepare('SELECT reason, status FROM refunds WHERE payment_id = ?').get(paymentId);
  const reconcile = () => t.server.ctx.workers.reconcile.runOnce();

  it('an earlier attempt charged at the processor pays an order whose last attempt was declined', async () => {
    const o = await newOrder();
    const first = await startPayment(o.id);
    const second = await startPayment(o.id); // cancels the first one here; its page at the processor stays open
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    expect((await answer(first, 'confirm')).status).toBe(303); // charged; the IPN is not acknowledged
    expect((await answer(second, 'decline')).status).toBe(303); // acknowledged: the order failed
    expect((await order(o.id)).status).toBe('payment_failed');
    ipnGivenUp(first.id);

    clock.advance(601_000);
    await reconcile();
    expect(await order(o.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
    expect(policiesOf(o.id)).toBe(1);
    expect(await events(o.id)).toEqual([['declined', 'declined', 'ipn'], ['confirmed', 'paid', 'reconciliation']]);
    // Asked again: nothing changes, nothing more is recorded.
    clock.advance(61_000);
    await reconcile();
    expect(await events(o.id)).toHaveLength(2);
    expect(policiesOf(o.id)).toBe(1);
  });

  it('a late authorisation of a declined payment whose IPN is lost pays the order', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    expect((await answer(p, 'decline')).status).toBe(303);
    expect((await order(o.id)).status).toBe('payment_failed');
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    const late = await call('POST', `/dev/processor/payments/${p.id}/notify`, { body: { status: 'confirmed' } });
    expect(late.body.data.first_ipn_status).toBe(503);
    ipnGivenUp(p.id);

    clock.advance(601_000);
    await reconcile();
    expect(await order(o.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
    expect(await events(o.id)).toEqual([['declined', 'declined', 'ipn'], ['confirmed', 'paid', 'reconciliation']]);
  });

  it('a lost charge of an order another payment paid becomes a refund to make, once', async () => {
    const o = await newOrder();
    const first = await startPayment(o.id);
    const second = await startPayment(o.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    await answer(first, 'confirm'); // charged; the IPN is not acknowledged
    await answer(second, 'confirm'); // pays the order
    expect((await order(o.id)).status).toBe('paid');
    ipnGivenUp(first.id);

    clock.advance(601_000);
    await reconcile();
    expect(refundOf(first.id)).toEqual({ reason: 'order_already_paid', status: 'due' });
    expect(policiesOf(o.id)).toBe(1);
    expect(await events(o.id)).toEqual([['confirmed', 'paid', 'ipn'], ['confirmed', 'refund_due', 'reconciliation']]);
    clock.advance(61_000);
    await reconcile();
    expect(await events(o.id)).toHaveLength(2);
  });

  it('payments that never settle cannot keep a lost charge from being reconciled (least recently asked first)', async () => {
    // 150 payments the processor keeps answering the same about (older than the lost charge), more than one run asks.
    const filler = await newOrder();
    const at = new Date(clock.now().getTime() - 3600_000).toISOString();
    const insert = t.server.db.prepare("INSERT INTO payments (id, order_id, amount_bani, status, return_url, created_at, updated_at) VALUES (?, ?, ?, 'expired', ?, ?, ?)");
    t.server.db.transaction(() => {
      for (let i = 0; i < 150; i++) insert.run(crypto.randomUUID(), filler.id, filler.amount_bani, `${WEB}/thank-you`, at, at);
    })();
    t.server.db.prepare("UPDATE orders SET status = 'payment_failed' WHERE id = ?").run(filler.id);

    const o = await newOrder();
    const first = await startPayment(o.id);
    const second = await startPayment(o.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    await answer(first, 'confirm'); // charged; the IPN is lost
    await answer(second, 'decline');
    ipnGivenUp(first.id);
    expect((await order(o.id)).status).toBe('payment_failed');

    clock.advance(601_000);
    for (let run = 0; run < 3 && (await order(o.id)).status !== 'paid'; run++) {
      await reconcile();
      clock.advance(60_000);
    }
    expect(await order(o.id)).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
  });

  /** The processor charged another amount than the payment's (a checkout form altered on its way, say): 1 leu. */
  const chargedOneLeu = (paymentId: string) => t.server.db.prepare('UPDATE processor_transactions SET amount_bani = 100 WHERE payment_id = ?').run(paymentId);

  it('a charge of another amount refused by the IPN is not paid by reconciliation either', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    expect((await answer(p, 'confirm')).status).toBe(303);
    chargedOneLeu(p.id);
    clock.advance(5000);
    await t.server.ctx.workers.ipn.runOnce();
    expect(await events(o.id)).toEqual([['confirmed', 'amount_mismatch', 'ipn']]);

    clock.advance(601_000);
    await reconcile();
    clock.advance(61_000);
    await reconcile();
    expect(await order(o.id)).toMatchObject({ status: 'awaiting_payment', policy_id: null });
    expect(policiesOf(o.id)).toBe(0);
    expect(t.server.db.prepare('SELECT reason, status, amount_bani FROM refunds WHERE payment_id = ?').get(p.id)).toEqual({ reason: 'amount_mismatch', status: 'due', amount_bani: 100 });
    // The processor's answer is the one the IPN brought: nothing more is recorded.
    expect(await events(o.id)).toEqual([['confirmed', 'amount_mismatch', 'ipn']]);
  });

  it('a charge of another amount whose IPNs are all lost is found by reconciliation as a refund to make, once', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    expect((await answer(p, 'confirm')).status).toBe(303);
    chargedOneLeu(p.id);
    ipnGivenUp(p.id);

    clock.advance(601_000);
    await reconcile();
    clock.advance(61_000);
    await reconcile();
    expect(await order(o.id)).toMatchObject({ status: 'awaiting_payment', policy_id: null });
    expect(policiesOf(o.id)).toBe(0);
    expect(t.server.db.prepare('SELECT reason, status, amount_bani FROM refunds WHERE payment_id = ?').get(p.id)).toEqual({ reason: 'amount_mismatch', status: 'due', amount_bani: 100 });
    expect(await events(o.id)).toEqual([['confirmed', 'amount_mismatch', 'reconciliation']]);
  });

  it('asks only about payments of the last PAYMENT_RECONCILE_WINDOW_DAYS (14 by default)', async () => {
    const o = await newOrder();
    const p = await startPayment(o.id);
    expect((await answer(p, 'decline')).status).toBe(303);
    await call('POST', '/dev/fail-next', { body: { path: '/api/v1/payments/ipn', status: 503, times: 1 } });
    await call('POST', `/dev/processor/payments/${p.id}/notify`, { body: { status: 'confirmed' } });
    ipnGivenUp(p.id);
    clock.advance(15 * 86_400_000);
    await reconcile();
    expect((await order(o.id)).status).toBe('payment_failed');
    expect(await events(o.id)).toEqual([['declined', 'declined', 'ipn']]);
  });
});
