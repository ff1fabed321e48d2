import type { AppContext } from '../../context';
import { orderNumber } from '../../db/seed';
import { invoiceSummary } from '../invoices/service';
import { insurerByCode, productRow } from '../products/service';

export interface OrderRow {
  id: number;
  user_id: number;
  quote_id: string;
  offer_id: string;
  product_code: string;
  insurer_code: string;
  package_name: string;
  amount_bani: number;
  status: 'awaiting_payment' | 'paid' | 'payment_failed' | 'cancelled';
  partner_code: string | null;
  customer: string;
  consents: string;
  policy_id: number | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

/** Who the policy and the invoice are made out to: the company for a company buyer, else the person. */
export function buyerOf(customerJson: string): { type: 'person' | 'company'; name: string; cui: string | null } {
  const c = JSON.parse(customerJson) as { first_name: string; last_name: string; cui?: string | null; company_name?: string | null };
  return c.cui && c.company_name
    ? { type: 'company', name: c.company_name, cui: c.cui }
    : { type: 'person', name: `${c.first_name} ${c.last_name}`, cui: null };
}

export function serializeOrder(ctx: AppContext, o: OrderRow) {
  return {
    id: o.id,
    number: orderNumber(o.id, o.created_at),
    product_code: o.product_code,
    product_name: productRow(ctx, o.product_code)?.name ?? o.product_code,
    insurer: insurerByCode(ctx, o.insurer_code),
    offer_id: o.offer_id,
    package_name: o.package_name,
    amount_bani: o.amount_bani,
    status: o.status,
    partner_code: o.partner_code,
    buyer: buyerOf(o.customer),
    policy_id: o.policy_id,
    /** The invoice of a paid order (`document_url`: `GET /api/v1/orders/{id}/invoice`), else null. */
    invoice: invoiceSummary(ctx.db, o.id),
    created_at: o.created_at,
    paid_at: o.paid_at,
    /**
     * Until when an unpaid order can be paid: its quote's end (`POST /orders/{id}/payments` refuses after it).
     * Null when it cannot be paid (paid, cancelled, or its quote is gone).
     */
    pay_until: o.status === 'awaiting_payment' || o.status === 'payment_failed' ? quoteEndOf(ctx, o.quote_id) : null,
  };
}

function quoteEndOf(ctx: AppContext, quoteId: string): string | null {
  const row = ctx.db.prepare('SELECT expires_at FROM quotes WHERE id = ?').get(quoteId) as { expires_at: string } | undefined;
  return row?.expires_at ?? null;
}


export function findOrder(ctx: AppContext, id: number): OrderRow | undefined {
  return ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
}

export function findOwnOrder(ctx: AppContext, userId: number, id: number): OrderRow | undefined {
  return ctx.db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as OrderRow | undefined;
}
