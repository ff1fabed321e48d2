import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errors } from '../../lib/errors';
import { parse } from '../../lib/validation';
import { insurers, productBody, productListBody } from './service';

const codeParam = z.object({ code: z.string().min(1).max(60) });

export function registerProducts(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/products', async (_req, reply) => {
    return reply
      .header('x-site-product-statuses', ctx.site.productStatusHeader())
      .type('application/json; charset=utf-8')
      .send(productListBody(ctx));
  });

  app.get('/api/v1/products/:code', async (req, reply) => {
    const { code } = parse(codeParam, req.params);
    reply.header('x-site-product-statuses', ctx.site.productStatusHeader());
    const body = productBody(ctx, code);
    if (!body) throw errors.notFound('Product', 'Produsul nu există.');
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/v1/insurers', async (_req, reply) => {
    const body = ctx.site.cached('insurers:body', () =>
      JSON.stringify({ data: insurers(ctx) }),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
