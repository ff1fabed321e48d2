import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { safeEqual } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { parse } from '../../lib/validation';
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

  app.put('/admin/product-statuses', async (req, reply) => {
    guard(req);
    const body = parse(flagsSchema, req.body);
    return sendData(reply, ctx.site.setProductFlags(body));
  });
}
