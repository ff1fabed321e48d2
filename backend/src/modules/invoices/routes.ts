import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { idParam, parse } from '../../lib/validation';
import { findOwnOrder } from '../orders/service';
import { findInvoiceOfOrder, invoicePdf } from './service';

export function registerInvoices(app: FastifyInstance, ctx: AppContext) {
  /** The invoice of the caller's own paid order; another customer's order, or one not paid, is 404. */
  app.get('/api/v1/orders/:id/invoice', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const order = findOwnOrder(ctx, user.id, id);
    const invoice = order ? findInvoiceOfOrder(ctx.db, order.id) : undefined;
    if (!invoice) throw errors.notFound('Invoice', 'Factura nu există.');
    const pdf = await invoicePdf(invoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="factura-${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
