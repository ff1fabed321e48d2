import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { optionalAuth } from '../../lib/auth';
import { verifyCaptcha } from '../../lib/captcha';
import { clientIp, userAgent } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { parse } from '../../lib/validation';
import { WindowLimiter } from '../../lib/rate-window';
import { ipSubject } from '../../lib/throttle';
import { cookieConsentBody } from '../../../../contract/content';

/** Consent records one client IP (IPv6: its /64) may store per window; a visitor chooses once. */
const CONSENTS_PER_WINDOW = 60;
const WINDOW_MS = 10 * 60_000;

export function registerConsents(app: FastifyInstance, ctx: AppContext) {
  const limiter = new WindowLimiter(CONSENTS_PER_WINDOW, WINDOW_MS, ctx.clock);

  // Consent is recorded even with a stale bearer: the token only links the record to a user.
  app.post('/api/v1/cookie-consents', async (req, reply) => {
    limiter.admit(ipSubject(clientIp(req)));
    const body = parse(cookieConsentBody, req.body);
    // The banner sends a token (action cookie_consent) as every SPEC call with one does: a script storing rows
    // without a browser is refused like on the other protected calls.
    await verifyCaptcha(ctx, body.token, clientIp(req), 'cookie_consent');
    let userId: number | null = null;
    try {
      userId = optionalAuth(ctx, req)?.user.id ?? null;
    } catch {
      userId = null;
    }
    return idempotentWrite(ctx, req, reply, 201, () => {
      const r = ctx.db
        .prepare('INSERT INTO cookie_consents (user_id, consent, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(userId, body.consent, clientIp(req), userAgent(req), ctx.clock.now().toISOString());
      return { id: Number(r.lastInsertRowid), consent: body.consent };
    });
  });
}
