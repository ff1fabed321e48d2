import type { AppContext } from '../../context';
import { bucharestDay, addDaysToDay, addMonthsToDay, daysBetween } from '../../../../contract/day';
import { orderNumber, policyNumber } from '../../db/seed';
import { brokerIdentity } from '../../../../contract/broker-identity';
import { policyContent, type Customer } from '../../pdf/policy-content';
import { renderPolicyPdf, type PolicyDocument } from '../../pdf/policy-pdf';
import { insurerByCode, productRow } from '../products/service';
import { findQuote } from '../quotes/service';
import { vignetteTariff } from '../quotes/engine';
import { validityEnd, validityState, validityStateLabel } from '../../../../contract/vignette-rules';
import type { OrderRow } from '../orders/service';

export interface PolicyRow {
  id: number;
  number: string;
  order_id: number;
  user_id: number;
  product_code: string;
  insurer_code: string;
  package_name: string;
  starts_on: string;
  ends_on: string;
  amount_bani: number;
  insured_object: string;
  input: string;
  created_at: string;
}

export function policyStatus(endsOn: string, today: string): 'active' | 'expiring' | 'expired' {
  if (endsOn < today) return 'expired';
  return daysBetween(today, endsOn) <= 30 ? 'expiring' : 'active';
}

export function serializePolicy(ctx: AppContext, p: PolicyRow) {
  return {
    id: p.id,
    number: p.number,
    order_id: p.order_id,
    product_code: p.product_code,
    product_name: productRow(ctx, p.product_code)?.name ?? p.product_code,
    insurer: insurerByCode(ctx, p.insurer_code),
    package_name: p.package_name,
    starts_on: p.starts_on,
    ends_on: p.ends_on,
    status: policyStatus(p.ends_on, bucharestDay(ctx.clock.now())),
    is_vignette: isVignette(p.product_code),
    validity_state: validityStateLabel(validityState(p.starts_on, p.ends_on, bucharestDay(ctx.clock.now()))),
    amount_bani: p.amount_bani,
    insured_object: p.insured_object,
    input: JSON.parse(p.input) as Record<string, unknown>,
    document_url: `/api/v1/policies/${p.id}/document`,
    created_at: p.created_at,
  };
}

const RIM_LABELS: Record<string, string> = { r13_r16: 'R13–R16', r17_r19: 'R17–R19', r20_plus: 'R20+' };

export const isVignette = (product: string): product is 'ro-vignette' | 'hu-vignette' => product === 'ro-vignette' || product === 'hu-vignette';

/* eslint-disable @typescript-eslint/no-explicit-any */
function coverageFor(ctx: AppContext, product: string, input: any): { start: string | null; end: (start: string) => string; object: string } {
  switch (product) {
    case 'ro-vignette':
    case 'hu-vignette': {
      const { tariff } = vignetteTariff(ctx, product);
      const validity = tariff.validities.find((v) => v.code === input.validity)!;
      return { start: input.start_date, end: (s) => validityEnd(s, validity), object: `${input.registration_plate} (${input.country})` };
    }
    case 'rca':
      return { start: input.start_date, end: (s) => addDaysToDay(addMonthsToDay(s, input.period_months), -1), object: input.registration_plate };
    case 'travel': {
      const days = daysBetween(input.start_date, input.end_date);
      return { start: input.start_date, end: (s) => addDaysToDay(s, days), object: input.destination };
    }
    case 'house-insurance':
      return {
        start: input.start_date ?? null,
        end: (s) => addDaysToDay(addMonthsToDay(s, 12), -1),
        object: `${input.address.street}, ${input.address.town}, jud. ${input.address.county}`,
      };
    default:
      return {
        // Tires: from the day after payment, or a renewal's chosen start.
        start: input.start_date ?? null,
        end: (s) => addDaysToDay(addMonthsToDay(s, 12 * input.period_years), -1),
        object: `${input.tire_count} anvelope ${input.brand} (${RIM_LABELS[input.rim_band] ?? input.rim_band})`,
      };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Issues the policy (or vignette) of a paid order (call inside the payment transaction). The cover starts on
 * the quote's start date, or tomorrow (Europe/Bucharest; a vignette: today) when that date has passed or none
 * was asked.
 */
export function issuePolicy(ctx: AppContext, order: OrderRow): PolicyRow {
  const quote = findQuote(ctx, order.quote_id)!;
  const product = productRow(ctx, order.product_code)!;
  const cov = coverageFor(ctx, order.product_code, quote.input);
  // Insurance covers from tomorrow at the earliest; a vignette may start today.
  const earliest = addDaysToDay(bucharestDay(ctx.clock.now()), isVignette(order.product_code) ? 0 : 1);
  const startsOn = cov.start && cov.start >= earliest ? cov.start : earliest;
  const at = ctx.clock.now().toISOString();
  const r = ctx.db
    .prepare(
      `INSERT INTO policies (number, order_id, user_id, product_code, insurer_code, package_name, starts_on, ends_on, amount_bani,
        insured_object, input, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(`pending-${order.id}`, order.id, order.user_id, order.product_code, order.insurer_code, order.package_name, startsOn,
      cov.end(startsOn), order.amount_bani, cov.object, JSON.stringify(quote.input), at);
  const id = Number(r.lastInsertRowid);
  ctx.db.prepare('UPDATE policies SET number = ? WHERE id = ?').run(policyNumber(product.policy_prefix, id, at), id);
  return ctx.db.prepare('SELECT * FROM policies WHERE id = ?').get(id) as PolicyRow;
}

export function findOwnPolicy(ctx: AppContext, userId: number, id: number): PolicyRow | undefined {
  return ctx.db.prepare('SELECT * FROM policies WHERE id = ? AND user_id = ?').get(id, userId) as PolicyRow | undefined;
}

export async function policyPdf(ctx: AppContext, p: PolicyRow): Promise<Buffer> {
  return renderPolicyPdf(policyDocument(ctx, p));
}

/** Everything the policy's PDF is rendered from (pdf/render-gate.ts keys its cache by a hash of it). */
export function policyDocument(ctx: AppContext, p: PolicyRow): PolicyDocument {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(p.order_id) as OrderRow;
  const quote = findQuote(ctx, order.quote_id);
  const offer = quote?.offers.find((o) => o.id === order.offer_id);
  const broker = JSON.parse(ctx.db.prepare("SELECT value FROM settings WHERE key = 'broker'").pluck().get() as string);
  const customer = JSON.parse(order.customer) as Customer;
  const { parties, sections } = policyContent(p.product_code, JSON.parse(p.input), offer, customer);
  return {
    broker,
    brand: brokerIdentity.brandName,
    number: p.number,
    product_name: productRow(ctx, p.product_code)?.name ?? p.product_code,
    insurer_name: insurerByCode(ctx, p.insurer_code).name,
    package_name: p.package_name,
    starts_on: p.starts_on,
    ends_on: p.ends_on,
    amount_bani: p.amount_bani,
    order_number: orderNumber(order.id, order.created_at),
    parties,
    sections,
    coverage: offer?.coverage ?? [],
    issued_on: bucharestDay(new Date(p.created_at)),
    vignette: isVignette(p.product_code) ? vignetteDetails(ctx, p.product_code, JSON.parse(p.input), offer) : undefined,
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any */
function vignetteDetails(ctx: AppContext, product: 'ro-vignette' | 'hu-vignette', input: any, offer: any) {
  const { tariff } = vignetteTariff(ctx, product);
  const category = tariff.categories.find((c) => c.code === input.category);
  const counties = ((input.counties ?? []) as string[]).map((c) => tariff.counties?.find((k) => k.code === c)?.label ?? c);
  const list = offer?.list_price as { amount: number; currency: string } | undefined;
  return {
    plate: input.registration_plate as string,
    country: input.country as string,
    category: category?.label ?? String(input.category),
    counties,
    list_price: list ? `${String(list.amount).replace('.', ',')} ${list.currency}` : null,
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */
