import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { parse } from '../../lib/validation';
import { quoteRequest } from './schemas';
import { createQuote, findQuote } from './service';

const idParam = z.object({ id: z.string().min(1).max(100) });

export function registerQuotes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/v1/quotes', async (req, reply) => {
    const body = parse(quoteRequest, req.body);
    return idempotentWrite(ctx, req, reply, 201, () => createQuote(ctx, body.product_code, body.partner_code ?? null, body.input));
  });

  app.get('/api/v1/quotes/:id', async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const quote = findQuote(ctx, id);
    if (!quote) throw errors.notFound('Quote', 'Oferta nu există.');
    return sendData(reply, quote);
  });
}
