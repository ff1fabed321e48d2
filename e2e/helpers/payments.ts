import type { APIRequestContext } from '@playwright/test';
import { randomCnp } from '../shop-helpers';

/**
 * Purchases driven through the reference backend's API (orders, payments, the simulated processor's form), for
 * the payment tests that are about what the processor says rather than the purchase pages.
 */
export interface Payment {
  payment_id: string;
  redirect_url: string;
  signature: string;
}

/** Tomorrow in Europe/Bucharest (the earliest RCA start). */
function tomorrow(): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** An RCA order awaiting payment for the user of `token`. */
export async function createRcaOrder(request: APIRequestContext, backendURL: string, token: string, email: string) {
  const cnp = randomCnp();
  const quote = await ok<{ id: string; offers: { id: string }[] }>(
    await request.post(`${backendURL}/api/v1/quotes`, {
      data: {
        product_code: 'rca',
        input: {
          registration_plate: 'B123ABC', vin: 'WVWZZZ1JZXW000001',
          vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
          owner: { type: 'person', cnp, driving_licence_date: '2005-07-01' },
          start_date: tomorrow(), period_months: 12,
        },
      },
    }),
  );
  return ok<{ id: number; number: string; amount_bani: number; status: string }>(
    await request.post(`${backendURL}/api/v1/orders`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        quote_id: quote.id, offer_id: quote.offers[0].id,
        customer: { first_name: 'Ioana', last_name: 'Testescu', email, phone_number: '0722000111', cnp },
        consents: { terms: true, product_sheet: true, data_processing: true },
      },
    }),
  );
}

/** "Plătiți din nou" in the shop: a new payment of the order (earlier pending ones are cancelled here). */
export async function startPayment(request: APIRequestContext, backendURL: string, token: string, orderId: number, webOrigin: string): Promise<Payment> {
  const p = await ok<{ payment_id: string; redirect_url: string }>(
    await request.post(`${backendURL}/api/v1/orders/${orderId}/payments`, {
      headers: { authorization: `Bearer ${token}` },
      data: { return_url: `${webOrigin}/thank-you` },
    }),
  );
  return { ...p, signature: new URL(p.redirect_url).searchParams.get('signature') ?? '' };
}

/** The customer's button on the processor's page, as its form posts it. Answers the processor's HTTP status. */
export async function answerOnProcessorForm(request: APIRequestContext, backendURL: string, payment: Payment, action: 'confirm' | 'decline'): Promise<number> {
  const res = await request.post(`${backendURL}/payment-processor/checkout/${payment.payment_id}/${action}`, {
    form: { signature: payment.signature },
    maxRedirects: 0,
  });
  return res.status();
}

export async function orderStatus(request: APIRequestContext, backendURL: string, token: string, orderId: number) {
  return ok<{ status: string; policy_id: number | null }>(await request.get(`${backendURL}/api/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } }));
}
