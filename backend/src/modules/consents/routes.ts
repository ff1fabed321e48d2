import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { optionalAuth } from '../../lib/auth';
import { clientIp, userAgent } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { parse } from '../../lib/validation';
import { cookieConsentBody } from '../../../../contract/content';


export function registerConsents(app: FastifyInstance, ctx: AppContext) {
  // Consent is recorded even with a stale bearer: the token only links the record to a user.
  app.post('/api/v1/cookie-consents', async (req, reply) => {
    const body = parse(cookieConsentBody, req.body);
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
