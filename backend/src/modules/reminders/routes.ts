import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { findRenewal } from './service';

const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Linkul de reînnoire nu este valid.') });

export function registerReminders(app: FastifyInstance, ctx: AppContext) {
  // No bearer: the link in a reminder mail opens the prefilled renewal without signing anyone in.
  app.get('/api/v1/renewals/:token', async (req, reply) => {
    const params = tokenParam.safeParse(req.params);
    const renewal = params.success ? findRenewal(ctx, params.data.token) : null;
    if (!renewal) throw errors.notFound('Renewal', 'Linkul de reînnoire nu mai este valabil.');
    reply.header('cache-control', 'private, no-store');
    return sendData(reply, renewal);
  });
}
