import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { validationError } from '../../lib/errors';
import { clientIp, userAgent } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { ipSubject } from '../../lib/throttle';
import { parse } from '../../lib/validation';
import { WindowLimiter } from '../../lib/rate-window';

/** Stored props, as JSON: at most this long (the string form's limit) and this many keys (Plausible's 30). */
const MAX_PROPS_CHARS = 5000;
const MAX_PROPS_KEYS = 30;
/** Events one client IP (IPv6: its /64) may store per window; a visitor sends one per page view. */
export const EVENTS_PER_WINDOW = 120;
const WINDOW_MS = 60_000;

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
  const limiter = new WindowLimiter(EVENTS_PER_WINDOW, WINDOW_MS, ctx.clock);

  app.post('/api/event', async (req, reply) => {
    limiter.admit(ipSubject(clientIp(req)));
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
    // Only an object of at most 30 keys, at most 5,000 characters as stored: the body limit (1 MB) is not a row's.
    if (props !== null && (typeof props !== 'object' || Array.isArray(props) || Object.keys(props).length > MAX_PROPS_KEYS || JSON.stringify(props).length > MAX_PROPS_CHARS)) {
      throw validationError({ props: ['Valoarea nu este validă.'] });
    }
    return idempotentWrite(ctx, req, reply, 202, () => {
      ctx.db
        .prepare('INSERT INTO analytics_events (name, url, domain, referrer, props, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(name, url, domain, b.referrer ?? b.r ?? null, props ? JSON.stringify(props) : null, clientIp(req), userAgent(req), ctx.clock.now().toISOString());
      return { ok: true };
    });
  });
}
