import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { optionalAuth } from '../../lib/auth';
import { ApiError, errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { parse } from '../../lib/validation';
import { quoteRequest } from '../../../../contract/quotes';
import { createQuote, findQuote } from './service';

const idParam = z.object({ id: z.string().min(1).max(100) });

export function registerQuotes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/v1/quotes', async (req, reply) => {
    const body = parse(quoteRequest, req.body);
    // A renewal checks the renewed policy is the caller's; an invalid bearer counts as no caller, a session that
    // owes the second factor or its setup gets 403 two_factor_required / two_factor_setup_required (it acts as the
    // user only once it passed).
    let userId: number | null = null;
    try {
      userId = optionalAuth(ctx, req)?.user.id ?? null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) throw err;
      userId = null;
    }
    return idempotentWrite(ctx, req, reply, 201, () => createQuote(ctx, body.product_code, body.partner_code ?? null, body.input, userId));
  });

  app.get('/api/v1/quotes/:id', async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const quote = findQuote(ctx, id);
    if (!quote) throw errors.notFound('Quote', 'Oferta nu există.');
    return sendData(reply, quote);
  });
}
