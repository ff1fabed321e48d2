import { brokerIdentity } from '../../../../contract/broker-identity';
import { bucharestDay } from '../../../../contract/day';
import type { DB } from '../../db/connection';
import { orderNumber } from '../../db/seed';
import { renderInvoicePdf, type InvoiceContent } from '../../pdf/invoice-pdf';
import type { Customer } from '../../pdf/policy-content';
import type { OrderRow } from '../orders/service';

/**
 * Invoices ("Factură") of paid orders (backend/README.md "Invoices"). One per order, issued in the transaction
 * that marks the order paid, numbered in a gap-free series per calendar year (Europe/Bucharest).
 */

/** Series of the broker's invoices: `FBRK-2026-000123` (orders are `BRK-…`, so the two never look alike). */
export const INVOICE_SERIES = 'FBRK';

export interface InvoiceRow {
  id: number;
  order_id: number;
  year: number;
  seq: number;
  number: string;
  issued_on: string;
  amount_bani: number;
  payment_id: string;
  content: string;
  created_at: string;
}

export const invoiceNumber = (year: number, seq: number) => `${INVOICE_SERIES}-${year}-${String(seq).padStart(6, '0')}`;

export function findInvoiceOfOrder(db: DB, orderId: number): InvoiceRow | undefined {
  return db.prepare('SELECT * FROM invoices WHERE order_id = ?').get(orderId) as InvoiceRow | undefined;
}

/** What an order shows of its invoice (null until it is paid). */
export function invoiceSummary(db: DB, orderId: number) {
  const row = findInvoiceOfOrder(db, orderId);
  return row ? { number: row.number, issued_on: row.issued_on, document_url: `/api/v1/orders/${orderId}/invoice` } : null;
}

const formatAddress = (a: Customer['address']) =>
  a ? `${a.street}, ${a.town}, jud. ${a.county}${a.postal_code ? `, ${a.postal_code}` : ''}` : null;

/* eslint-disable @typescript-eslint/no-explicit-any */
function insuredObject(productCode: string, input: any, fallback: string): string {
  if (productCode === 'rca') return `${input.registration_plate}, VIN ${input.vin}`;
  if (productCode === 'travel') return `Călătorie: ${input.destination}, ${(input.travellers ?? []).length} călător(i)`;
  if (productCode === 'house-insurance') return `Locuință: ${fallback}`;
  if (productCode === 'ro-vignette' || productCode === 'hu-vignette') return `Vehicul ${fallback}`;
  return `Anvelope: ${fallback}`;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The buyer as the order says: a company with its name, CUI, trade register number and address from the company
 * register when it knows the CUI (else the address the customer gave), or the person with their name and address
 * (the order's, else the profile's).
 */
function buyerOf(db: DB, order: OrderRow): InvoiceContent['buyer'] {
  const c = JSON.parse(order.customer) as Customer;
  if (c.cui && c.company_name) {
    const company = db.prepare('SELECT name, trade_register, address FROM companies WHERE cui = ?').get(c.cui) as
      | { name: string; trade_register: string | null; address: string | null }
      | undefined;
    return {
      type: 'company',
      name: c.company_name,
      cui: c.cui,
      trade_register: company?.trade_register ?? null,
      address: company?.address ?? formatAddress(c.address),
      contact: `${c.first_name} ${c.last_name}`,
      email: c.email,
    };
  }
  const profile = db.prepare('SELECT address FROM users WHERE id = ?').pluck().get(order.user_id) as string | null | undefined;
  return {
    type: 'person',
    name: `${c.first_name} ${c.last_name}`,
    cui: null,
    trade_register: null,
    address: formatAddress(c.address) ?? formatAddress(profile ? (JSON.parse(profile) as Customer['address']) : null),
    contact: null,
    email: c.email,
  };
}

/**
 * Issues the invoice of an order that has just been paid (call inside the payment's transaction, after the policy
 * is issued). The number is the year's highest plus one, read and written in the same transaction, so a retried or
 * concurrent IPN can neither make a second invoice (order_id is unique) nor skip a number. Returns the existing
 * invoice if the order has one.
 */
export function issueInvoice(db: DB, order: OrderRow, paymentId: string, at: string): InvoiceRow {
  if (!db.inTransaction) throw new Error('issueInvoice must run inside the payment transaction');
  const existing = findInvoiceOfOrder(db, order.id);
  if (existing) return existing;
  const policy = db.prepare('SELECT * FROM policies WHERE order_id = ?').get(order.id) as
    | { number: string; starts_on: string; ends_on: string; insured_object: string; input: string }
    | undefined;
  if (!policy) throw new Error(`order ${order.id} has no policy to invoice`);
  const product = db.prepare('SELECT name FROM products WHERE code = ?').pluck().get(order.product_code) as string | undefined;
  const insurer = db.prepare('SELECT name FROM insurers WHERE code = ?').pluck().get(order.insurer_code) as string | undefined;
  const issuedOn = bucharestDay(new Date(at));
  const year = Number(issuedOn.slice(0, 4));
  const seq = (db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 FROM invoices WHERE year = ?').pluck().get(year) as number);
  const number = invoiceNumber(year, seq);
  const isVignette = order.product_code === 'ro-vignette' || order.product_code === 'hu-vignette';
  const content: InvoiceContent = {
    number,
    issued_on: issuedOn,
    seller: {
      name: brokerIdentity.legalName,
      cui: brokerIdentity.cui,
      trade_register: brokerIdentity.tradeRegister,
      address: brokerIdentity.address,
      asf_code: brokerIdentity.asfCode,
      email: brokerIdentity.email,
      phone: brokerIdentity.phone,
    },
    buyer: buyerOf(db, order),
    lines: [{
      product: product ?? order.product_code,
      package_name: order.package_name,
      object: insuredObject(order.product_code, JSON.parse(policy.input), policy.insured_object),
      insurer: insurer ?? order.insurer_code,
      policy_number: policy.number,
      starts_on: policy.starts_on,
      ends_on: policy.ends_on,
      amount_bani: order.amount_bani,
      kind: isVignette ? 'vignette' : 'insurance',
    }],
    total_bani: order.amount_bani,
    order_number: orderNumber(order.id, order.created_at),
    payment_id: paymentId,
    paid_on: bucharestDay(new Date(order.paid_at ?? at)),
  };
  const r = db
    .prepare(
      `INSERT INTO invoices (order_id, year, seq, number, issued_on, amount_bani, payment_id, content, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(order.id, year, seq, number, issuedOn, order.amount_bani, paymentId, JSON.stringify(content), at);
  return db.prepare('SELECT * FROM invoices WHERE id = ?').get(r.lastInsertRowid) as InvoiceRow;
}

/** The invoice's PDF, rendered from the content stored at issue. */
export const invoicePdf = (row: InvoiceRow): Promise<Buffer> => renderInvoicePdf(JSON.parse(row.content) as InvoiceContent);
