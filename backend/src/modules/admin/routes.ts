import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { safeEqual } from '../../lib/crypto';
import { ApiError, errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idParam, parse } from '../../lib/validation';
import { listRefunds, markRefunded } from '../payments/service';
import { PRODUCT_FLAGS, type ProductFlag } from './service';

const maintenanceSchema = z.object({
  is_active: z.boolean({ error: 'Alegeți da sau nu.' }),
  message: z.string().trim().max(500).nullable().optional(),
});
const flagsSchema = z
  .object(Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<ProductFlag, z.ZodOptional<z.ZodBoolean>>)
  .strict();

export function registerAdmin(app: FastifyInstance, ctx: AppContext) {
  const guard = (req: FastifyRequest) => {
    const token = req.headers['x-admin-token'];
    if (typeof token !== 'string' || !safeEqual(token, ctx.config.adminToken)) {
      throw new ApiError(403, 'forbidden', 'Invalid admin token.', 'Acces interzis.');
    }
  };

  app.get('/admin/maintenance', async (req, reply) => {
    guard(req);
    return sendData(reply, ctx.site.maintenance());
  });

  app.post('/admin/maintenance', async (req, reply) => {
    guard(req);
    const body = parse(maintenanceSchema, req.body);
    return sendData(reply, ctx.site.setMaintenance({ is_active: body.is_active, message: body.message ?? null }));
  });

  app.get('/admin/product-statuses', async (req, reply) => {
    guard(req);
    return sendData(reply, ctx.site.productStatus());
  });

  // Payments operations (backend/README.md "Payments"): refunds to make, and what the processor said.
  app.get('/admin/refunds', async (req, reply) => {
    guard(req);
    const q = parse(z.object({ status: z.enum(['due', 'refunded', 'all']).default('due') }), req.query);
    return sendData(reply, listRefunds(ctx, q.status));
  });

  app.post('/admin/refunds/:id/refunded', async (req, reply) => {
    guard(req);
    const { id } = parse(idParam, req.params);
    const refund = markRefunded(ctx, id);
    if (!refund) throw errors.notFound('Refund', 'Rambursarea nu există.');
    return sendData(reply, refund);
  });

  app.get('/admin/payment-events', async (req, reply) => {
    guard(req);
    const q = parse(z.object({ order_id: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }), req.query);
    const rows = q.order_id
      ? ctx.db.prepare('SELECT * FROM payment_events WHERE order_id = ? ORDER BY id DESC LIMIT ?').all(q.order_id, q.limit)
      : ctx.db.prepare('SELECT * FROM payment_events ORDER BY id DESC LIMIT ?').all(q.limit);
    return sendData(reply, rows);
  });

  app.put('/admin/product-statuses', async (req, reply) => {
    guard(req);
    const body = parse(flagsSchema, req.body);
    return sendData(reply, ctx.site.setProductFlags(body));
  });
}
