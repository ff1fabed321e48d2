import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { validationError } from '../../lib/errors';
import { clientIp, userAgent } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { parse } from '../../lib/validation';

const str = (max: number) => z.string().max(max);
/** Plausible Events API: long or short keys. */
const eventSchema = z.object({
  name: str(120).optional(), n: str(120).optional(),
  url: str(2000).optional(), u: str(2000).optional(),
  domain: str(255).optional(), d: str(255).optional(),
  referrer: str(2000).nullable().optional(), r: str(2000).nullable().optional(),
  props: z.union([z.record(z.string(), z.unknown()), z.string().max(5000)]).nullable().optional(),
  p: z.union([z.record(z.string(), z.unknown()), z.string().max(5000)]).nullable().optional(),
  revenue: z.unknown().optional(), $: z.unknown().optional(), h: z.unknown().optional(), interactive: z.unknown().optional(),
});

export function registerAnalytics(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/event', async (req, reply) => {
    const b = parse(eventSchema, req.body);
    const name = b.name ?? b.n;
    const url = b.url ?? b.u;
    const domain = b.domain ?? b.d;
    const missing: Record<string, string[]> = {};
    if (!name) missing.name = ['Câmpul este obligatoriu.'];
    if (!url) missing.url = ['Câmpul este obligatoriu.'];
    if (!domain) missing.domain = ['Câmpul este obligatoriu.'];
    if (Object.keys(missing).length) throw validationError(missing);
    let props = b.props ?? b.p ?? null;
    if (typeof props === 'string') {
      try {
        props = JSON.parse(props) as Record<string, unknown>;
      } catch {
        throw validationError({ props: ['Valoarea nu este validă.'] });
      }
    }
    return idempotentWrite(ctx, req, reply, 202, () => {
      ctx.db
        .prepare('INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(name, url, domain, b.referrer ?? b.r ?? null, props ? JSON.stringify(props) : null, clientIp(req), userAgent(req), ctx.clock.now().toISOString());
      return { ok: true };
    });
  });
}
