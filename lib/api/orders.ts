/**
 * Orders of the signed-in customer (backend README "The shop's own calls").
 * Browser calls go through the BFF with `api`; server components use `backendFetch` with the session's bearer.
 */
import { api, unwrap, type Envelope } from '@/lib/api/client';
import type { Insurer } from '@/contract/types';

export type OrderStatus = 'awaiting_payment' | 'paid' | 'payment_failed' | 'cancelled';

export type Order = {
  id: number;
  number: string;
  product_code: string;
  product_name: string;
  insurer: Insurer;
  offer_id: string;
  package_name: string;
  amount_bani: number;
  status: OrderStatus;
  partner_code: string | null;
  policy_id: number | null;
  /** The invoice of a paid order; null before payment (and for orders paid before invoices existed). */
  invoice: OrderInvoice | null;
  created_at: string;
  paid_at: string | null;
  /** Until when an unpaid order can be paid (its quote's end); null when it cannot be paid. */
  pay_until: string | null;
};

export type OrderInvoice = { number: string; issued_on: string; document_url: string };

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Așteaptă plata',
  paid: 'Plătită',
  payment_failed: 'Plată eșuată',
  cancelled: 'Anulată',
};

const isUnpaid = (order: Pick<Order, 'status'>) => order.status === 'awaiting_payment' || order.status === 'payment_failed';

/** An order awaiting payment, or whose payment failed, can be paid (again) until its quote ends. */
export function isPayable(order: Pick<Order, 'status' | 'pay_until'>, now: number = Date.now()): boolean {
  return isUnpaid(order) && order.pay_until !== null && Date.parse(order.pay_until) > now;
}

/** An unpaid order whose quote has ended: the price must be calculated again, in a new order. */
export function isOfferExpired(order: Pick<Order, 'status' | 'pay_until'>, now: number = Date.now()): boolean {
  return isUnpaid(order) && !isPayable(order, now);
}

/** The interstitial that sends the browser to the payment processor. */
export function payOrderHref(order: Pick<Order, 'id'>): string {
  return `/wait-to-be-redirected/payment-processor?order_id=${encodeURIComponent(String(order.id))}`;
}

/** Every instant an order shows (placed, paid), for the labels its list needs. */
export function orderInstants(orders: readonly Order[]): string[] {
  return orders.flatMap((order) => (order.paid_at ? [order.created_at, order.paid_at] : [order.created_at]));
}

/** Replaces the order with the same id (a realtime `order.updated`), or prepends a new one. */
export function mergeOrder(orders: readonly Order[], updated: Order): Order[] {
  const index = orders.findIndex((o) => o.id === updated.id);
  if (index === -1) return [updated, ...orders];
  const next = orders.slice();
  next[index] = { ...orders[index], ...updated };
  return next;
}

/** Same-origin URL of an order's invoice PDF (through the BFF, which adds the bearer). */
export function invoiceDocumentUrl(order: Pick<Order, 'id'>): string {
  return `/api/v1/orders/${encodeURIComponent(String(order.id))}/invoice`;
}

/** File name offered to the browser for an invoice's PDF. */
export function invoiceFileName(invoice: Pick<OrderInvoice, 'number'>): string {
  return `factura-${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

export async function listOrders(): Promise<Order[]> {
  return unwrap(await api.get<Envelope<Order[]>>('/api/v1/orders'));
}

export async function getOrder(id: number | string): Promise<Order> {
  return unwrap(await api.get<Envelope<Order>>(`/api/v1/orders/${encodeURIComponent(String(id))}`));
}
