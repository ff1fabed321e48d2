import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test, expect } from './fixtures';
import { backendLogin, signUpThroughApi } from './fixtures/auth';
import { ADMIN_HEADERS } from './helpers/content-account';
import { answerOnProcessorForm, createRcaOrder, orderStatus, startPayment } from './helpers/payments';

/**
 * Late and out-of-order payment confirmations (backend/README.md "Payments"): the processor's word is honoured,
 * a confirmation after a decline issues the policy, a second charge becomes a refund for operations.
 */

test('a confirmation that arrives after a decline pays the order and issues the policy', async ({ page, request, backendURL, baseURL }) => {
  test.setTimeout(120_000);
  const user = await signUpThroughApi(page);
  const token = await backendLogin(request, backendURL, user.email, user.password);
  const order = await createRcaOrder(request, backendURL, token, user.email);
  const payment = await startPayment(request, backendURL, token, order.id, baseURL!);

  // The customer refuses on the processor's page and lands on the thank-you page: payment failed.
  await page.goto(payment.redirect_url);
  await page.getByRole('button', { name: 'Refuză' }).click();
  await page.waitForURL(/\/thank-you\?/, { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Plata nu a reușit. Comanda nu este plătită.')).toBeVisible({ timeout: 20_000 });

  // Then the bank authorises after all: the processor sends a signed confirmation of the same payment.
  const late = await request.post(`${backendURL}/dev/processor/payments/${payment.payment_id}/notify`, { data: { status: 'confirmed' } });
  expect(late.ok()).toBe(true);
  expect(((await late.json()) as { data: { first_ipn_status: number } }).data.first_ipn_status).toBe(200);

  await page.reload();
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  const paid = await orderStatus(request, backendURL, token, order.id);
  expect(paid).toMatchObject({ status: 'paid', policy_id: expect.any(Number) });
  const policy = await page.request.get(`/api/v1/policies/${paid.policy_id}/document`);
  expect(policy.headers()['content-type']).toContain('application/pdf');

  const events = await request.get(`${backendURL}/admin/payment-events?order_id=${order.id}`, { headers: ADMIN_HEADERS });
  const outcomes = ((await events.json()) as { data: { status: string; outcome: string }[] }).data.map((e) => `${e.status}:${e.outcome}`).reverse();
  expect(outcomes).toEqual(['declined:declined', 'confirmed:paid']);
});

test('a second charge of a paid order is listed as a refund to make (admin endpoint and CLI)', async ({ request, backendURL, baseURL }) => {
  test.setTimeout(120_000);
  const email = `refund-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemplu.ro`;
  const reg = await request.post(`${backendURL}/api/v1/auth/register`, {
    data: { email, phone_number: '0722000111', first_name: 'Ioana', last_name: 'Testescu', password: 'Parola-Test-2026', password_confirmation: 'Parola-Test-2026', is_default_password: false, token: '' },
  });
  expect(reg.status()).toBe(201);
  const token = ((await reg.json()) as { data: { access_token: string } }).data.access_token;
  const order = await createRcaOrder(request, backendURL, token, email);

  // "Plătiți din nou" twice: the first checkout stays open at the processor, and the customer pays both.
  const first = await startPayment(request, backendURL, token, order.id, baseURL!);
  const second = await startPayment(request, backendURL, token, order.id, baseURL!);
  expect(await answerOnProcessorForm(request, backendURL, second, 'confirm')).toBe(303);
  expect(await answerOnProcessorForm(request, backendURL, first, 'confirm')).toBe(303);
  expect(await orderStatus(request, backendURL, token, order.id)).toMatchObject({ status: 'paid' });

  expect((await request.get(`${backendURL}/admin/refunds`)).status()).toBe(403);
  const refunds = ((await (await request.get(`${backendURL}/admin/refunds`, { headers: ADMIN_HEADERS })).json()) as {
    data: { payment_id: string; order_number: string; amount_bani: number; reason: string; status: string }[];
  }).data;
  expect(refunds.filter((r) => r.order_number === order.number)).toEqual([
    expect.objectContaining({ payment_id: first.payment_id, amount_bani: order.amount_bani, reason: 'order_already_paid', status: 'due' }),
  ]);

  // Operations list the same from the command line (npm run backend:refunds), through the running server.
  const backend = new URL(backendURL);
  const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'backend/src/cli/refunds.ts'], {
    env: { ...process.env, BACKEND_PUBLIC_URL: '', BACKEND_HOST: backend.hostname, BACKEND_PORT: backend.port, ADMIN_TOKEN: ADMIN_HEADERS['X-Admin-Token'] },
  });
  expect(stdout).toContain('Refunds (via server):');
  const line = stdout.split('\n').find((l) => l.includes(order.number));
  expect(line).toContain(`payment ${first.payment_id}`);
  expect(line).toContain('order_already_paid');
});
