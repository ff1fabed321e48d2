/**
 * The purchase calls of the shop (backend README "The shop's own calls"): vehicle lookup, quotes, orders and
 * the payment redirect. Browser calls through the BFF with the one `api` instance; errors arrive as ApiError.
 */
import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from '@/lib/api/client';
import type { Order } from '@/lib/api/orders';
import type { CreateOrderBody } from '@/contract/orders';
import type { ProductCode, Quote, Vehicle } from '@/contract/types';

export type Company = { cui: string; name: string; trade_register: string | null; address: string | null; is_leasing: boolean };

export type PaymentStart = { payment_id: string; redirect_url: string };

export async function lookupVehicle(query: { registration_plate?: string; vin?: string }): Promise<Vehicle> {
  const params: Record<string, string> = {};
  if (query.registration_plate) params.registration_plate = query.registration_plate;
  if (query.vin) params.vin = query.vin;
  return unwrap(await api.get<Envelope<Vehicle>>('/api/v1/vehicles/lookup', { params }));
}

/** The company register (backend `GET /api/v1/companies/{cui}`); 404 `company_not_found` for an unknown CUI. */
export async function lookupCompany(cui: string): Promise<Company> {
  return unwrap(await api.get<Envelope<Company>>(`/api/v1/companies/${encodeURIComponent(cui)}`));
}

export async function createQuote(payload: {
  product_code: ProductCode;
  partner_code?: string | null;
  input: unknown;
}): Promise<Quote> {
  const body: Record<string, unknown> = { product_code: payload.product_code, input: payload.input };
  if (payload.partner_code) body.partner_code = payload.partner_code;
  return unwrap(await api.post<Envelope<Quote>>('/api/v1/quotes', body, FIELD_ERRORS_INLINE));
}

export async function createOrder(payload: CreateOrderBody): Promise<Order> {
  return unwrap(await api.post<Envelope<Order>>('/api/v1/orders', payload, FIELD_ERRORS_INLINE));
}

/** Starts a payment: the processor's page to send the browser to. */
export async function startPayment(orderId: number | string, returnUrl: string): Promise<PaymentStart> {
  return unwrap(
    await api.post<Envelope<PaymentStart>>(`/api/v1/orders/${encodeURIComponent(String(orderId))}/payments`, {
      return_url: returnUrl,
    }),
  );
}
