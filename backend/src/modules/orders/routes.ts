import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../../lib/auth';
import { errors, fieldError } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { idParam, parse } from '../../lib/validation';
import { isAvailable, productRow } from '../products/service';
import { createOrderBody } from '../../../../contract/orders';
import { findQuote } from '../quotes/service';
import { findOwnOrder, serializeOrder, type OrderRow } from './service';

type CustomerBody = z.infer<typeof createOrderBody>['customer'];

/** A company buyer gives its CUI and name; an RCA policy for a company owner is bought by that company. */
function checkBuyer(productCode: string, input: Record<string, unknown>, customer: CustomerBody): void {
  if (customer.cui && !customer.company_name) throw fieldError('customer.company_name', 'Introduceți denumirea firmei.');
  if (!customer.cui && customer.company_name) throw fieldError('customer.cui', 'Introduceți CUI-ul firmei.');
  const owner = (input as { owner?: { type?: string; cui?: string } }).owner;
  if (productCode === 'rca' && owner?.type === 'company' && customer.cui !== owner.cui) {
    throw fieldError('customer.cui', 'CUI-ul cumpărătorului trebuie să fie al firmei proprietare din ofertă.');
  }
}

export function registerOrders(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/v1/orders', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const body = parse(createOrderBody, req.body);
    return idempotentWrite(
      ctx, req, reply, 201,
      () => {
        const quote = findQuote(ctx, body.quote_id);
        // Unknown, or deleted an hour after it expired (quotes/service.ts): the customer prices again either way.
        if (!quote) throw fieldError('quote_id', 'Oferta nu mai există sau a expirat. Recalculați prețul.');
        if (quote.expires_at <= ctx.clock.now().toISOString()) throw fieldError('quote_id', 'Oferta a expirat. Recalculați prețul.');
        const offer = quote.offers.find((o) => o.id === body.offer_id);
        if (!offer) throw fieldError('offer_id', 'Oferta aleasă nu există.');
        checkBuyer(quote.product_code, quote.input, body.customer);
        // Attribution belongs to the purchase: the partner of the route the quote was computed on, nothing else.
        if (body.partner_code && body.partner_code.toLowerCase() !== quote.partner_code) {
          throw fieldError('partner_code', 'Oferta nu a fost calculată prin acest partener.');
        }
        const renewalOf = (quote.input as { renewal_of?: number | null }).renewal_of;
        if (renewalOf && !ctx.db.prepare('SELECT 1 FROM policies WHERE id = ? AND user_id = ?').get(renewalOf, user.id)) {
          throw fieldError('quote_id', 'Polița reînnoită nu există în contul dumneavoastră.');
        }
        const product = productRow(ctx, quote.product_code);
        if (!product || !isAvailable(product, ctx.site.productStatus())) {
          throw errors.productUnavailable();
        }
        const at = ctx.clock.now().toISOString();
        const r = ctx.db
          .prepare(
            `INSERT INTO orders (user_id, quote_id, offer_id, product_code, insurer_code, package_name, amount_bani, status, partner_code,
              customer, consents, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'awaiting_payment', ?, ?, ?, ?, ?)`,
          )
          .run(user.id, quote.id, offer.id, quote.product_code, offer.insurer.code, offer.package_name, offer.price_bani,
            quote.partner_code ?? null, JSON.stringify(body.customer), JSON.stringify(body.consents), at, at);
        const order = serializeOrder(ctx, ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(r.lastInsertRowid) as OrderRow);
        ctx.realtime.publish(`private-user.${user.id}`, 'order.updated', order);
        return order;
      },
    );
  });

  app.get('/api/v1/orders', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const rows = ctx.db.prepare('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC').all(user.id) as OrderRow[];
    return sendData(reply, rows.map((o) => serializeOrder(ctx, o)));
  });

  app.get('/api/v1/orders/:id', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const order = findOwnOrder(ctx, user.id, id);
    if (!order) throw errors.notFound('Order', 'Comanda nu există.');
    return sendData(reply, serializeOrder(ctx, order));
  });
}
