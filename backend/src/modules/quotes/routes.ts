import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { optionalAuth, type Auth } from '../../lib/auth';
import { ApiError, errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { clientIp } from '../../lib/http';
import { WindowLimiter } from '../../lib/rate-window';
import { ipSubject, ipv6Block48 } from '../../lib/throttle';
import { parse } from '../../lib/validation';
import { quoteRequest } from '../../../../contract/quotes';
import { createQuote, findQuote, makeRoomForQuote } from './service';

const idParam = z.object({ id: z.string().min(1).max(100) });
/**
 * Quotes one client IP (IPv6: its /64) may store per window: anyone may ask, each one is a row, and a visitor
 * comparing offers asks a few a minute.
 */
export const QUOTES_PER_WINDOW = 120;
/**
 * Quotes one IPv6 /48 may store per window, whatever /64 of it asks: a /48 holds 65,536 /64s, each with a budget of
 * its own. Four subscribers' worth (a /48 is usually one site or one small provider).
 */
export const QUOTES_PER_WINDOW_48 = 4 * QUOTES_PER_WINDOW;
const WINDOW_MS = 60_000;

export function registerQuotes(app: FastifyInstance, ctx: AppContext) {
  const limiter = new WindowLimiter(QUOTES_PER_WINDOW, WINDOW_MS, ctx.clock);
  const limiter48 = new WindowLimiter(QUOTES_PER_WINDOW_48, WINDOW_MS, ctx.clock);

  app.post('/api/v1/quotes', async (req, reply) => {
    const ip = clientIp(req);
    // The /64 first: a /64 over its own budget does not use up its /48's.
    limiter.admit(ipSubject(ip));
    const block48 = ipv6Block48(ip);
    if (block48) limiter48.admit(block48);
    const body = parse(quoteRequest, req.body);
    // A renewal checks the renewed policy is the caller's; an invalid bearer counts as no caller, a session that
    // owes the second factor or its setup gets 403 two_factor_required / two_factor_setup_required (it acts as the
    // user only once it passed).
    let auth: Auth | null = null;
    try {
      auth = optionalAuth(ctx, req);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) throw err;
      auth = null;
    }
    // At the bound on stored quotes, expired ones make room (committed whatever the outcome); past it, only a session
    // that passed the second factor still gets a quote, a few per account (service.ts).
    const trusted = Boolean(auth && ctx.config.twoFactorEnabled && auth.user.two_factor_provider && auth.session.two_factor_passed);
    makeRoomForQuote(ctx);
    return idempotentWrite(ctx, req, reply, 201, () =>
      createQuote(ctx, body.product_code, body.partner_code ?? null, body.input, auth?.user.id ?? null, trusted && auth ? auth.user.id : null),
    );
  });

  app.get('/api/v1/quotes/:id', async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const quote = findQuote(ctx, id);
    if (!quote) throw errors.notFound('Quote', 'Oferta nu există.');
    return sendData(reply, quote);
  });
}
