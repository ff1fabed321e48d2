import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { idParam, parse } from '../../lib/validation';
import { findOwnOrder } from '../orders/service';
import { pdfGate, pdfKey } from '../../pdf/render-gate';
import { findInvoiceOfOrder, invoicePdf } from './service';

export function registerInvoices(app: FastifyInstance, ctx: AppContext) {
  /** The invoice of the caller's own paid order; another customer's order, or one not paid, is 404. */
  app.get('/api/v1/orders/:id/invoice', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const order = findOwnOrder(ctx, user.id, id);
    const invoice = order ? findInvoiceOfOrder(ctx.db, order.id) : undefined;
    if (!invoice) throw errors.notFound('Invoice', 'Factura nu există.');
    // Rendered from the content stored at issue: once per content, a bounded number at once (pdf/render-gate.ts).
    const pdf = await pdfGate(ctx).render(pdfKey('invoice', invoice.content), () => invoicePdf(invoice));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="factura-${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
