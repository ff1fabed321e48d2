import type { FastifyInstance } from 'fastify';
import type { Vehicle } from '../../../../contract/types';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { optionalAuth } from '../../lib/auth';
import { verifyCaptcha } from '../../lib/captcha';
import { ApiError, errors, validationError } from '../../lib/errors';
import { clientIp, sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { queueMail } from '../../mail/outbox';
import { parse } from '../../lib/validation';
import { plateField, vinField } from '../../../../contract/fields';
import { contactMessageBody } from '../../../../contract/content';
import { contactReceivedMail } from '../../mail/templates';
import { beginAttempt, ipAttempt, ipSubject, romanianDuration, THROTTLE } from '../../lib/throttle';
import { WindowLimiter } from '../../lib/rate-window';

const slugParam = z.object({ slug: z.string().min(1).max(100) });
/**
 * Vehicle register lookups one client IP (IPv6: its /64) may make per minute, misses included. Anyone may ask, and the
 * answer to a plate alone is the vehicle's VIN and registration-certificate (CIV) series: unbounded, one client could
 * walk a county's plates and copy the register. A customer's form looks up a vehicle or two.
 */
export const VEHICLE_LOOKUPS_PER_WINDOW = 60;
const LOOKUP_WINDOW_MS = 60_000;

const lookupQuery = z.object({
  registration_plate: plateField('wire').optional(),
  vin: vinField('wire').optional(),
});

export function registerContent(app: FastifyInstance, ctx: AppContext) {
  const vehicleLookups = new WindowLimiter(VEHICLE_LOOKUPS_PER_WINDOW, LOOKUP_WINDOW_MS, ctx.clock);
  app.get('/api/v1/maintenances/status', async (_req, reply) => sendData(reply, ctx.site.maintenance()));

  app.get('/api/v1/faq', async (_req, reply) => {
    const body = ctx.site.cached('faq', () => {
      const rows = ctx.db.prepare('SELECT category, slug, question, answer FROM faq ORDER BY category_sort, sort').all() as {
        category: string; slug: string; question: string; answer: string;
      }[];
      const groups: { category: string; questions: { id: string; question: string; answer: string }[] }[] = [];
      for (const r of rows) {
        let g = groups.find((x) => x.category === r.category);
        if (!g) groups.push((g = { category: r.category, questions: [] }));
        g.questions.push({ id: r.slug, question: r.question, answer: r.answer });
      }
      return JSON.stringify({ data: groups });
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/v1/info-pages', async (_req, reply) =>
    sendData(reply, ctx.db.prepare('SELECT slug, title FROM info_pages ORDER BY sort').all()),
  );

  app.get('/api/v1/info-pages/:slug', async (req, reply) => {
    const { slug } = parse(slugParam, req.params);
    const page = ctx.db.prepare('SELECT slug, title, body_html, updated_at FROM info_pages WHERE slug = ?').get(slug);
    if (!page) throw errors.notFound('Page', 'Pagina nu există.');
    return sendData(reply, page);
  });

  app.get('/api/v1/vehicles/lookup', async (req, reply) => {
    vehicleLookups.admit(ipSubject(clientIp(req)));
    const q = parse(lookupQuery, req.query);
    if (!q.registration_plate && !q.vin) {
      throw validationError({ registration_plate: ['Introduceți numărul de înmatriculare sau seria de șasiu (VIN).'] });
    }
    const clauses: string[] = [];
    const params: string[] = [];
    if (q.registration_plate) {
      clauses.push('registration_plate = ?');
      params.push(q.registration_plate);
    }
    if (q.vin) {
      clauses.push('vin = ?');
      params.push(q.vin);
    }
    const row = ctx.db.prepare(`SELECT * FROM vehicles WHERE ${clauses.join(' AND ')}`).get(...params) as Vehicle | undefined;
    if (!row) throw new ApiError(404, 'vehicle_not_found', 'Vehicle not found.', 'Nu am găsit vehiculul. Completați datele manual.');
    const { registration_plate, vin, category, make, model, fuel, year, max_mass_kg, engine_cc, power_kw, seats, first_registration_date, civ_series } = row;
    return sendData(reply, { registration_plate, vin, category, make, model, fuel, year, max_mass_kg, engine_cc, power_kw, seats, first_registration_date, civ_series });
  });

  app.post('/api/v1/contact-messages', async (req, reply) => {
    const body = parse(contactMessageBody, req.body);
    await verifyCaptcha(ctx, body.token, clientIp(req));
    let userId: number | null = null;
    try {
      userId = optionalAuth(ctx, req)?.user.id ?? null;
    } catch {
      userId = null;
    }
    // Every message mails a receipt to the address typed in the form: without a bound, the form would let anyone
    // flood the table and send the broker's mail to any inbox (backend/README.md "Sign-in throttle").
    try {
      beginAttempt(ctx, [ipAttempt(THROTTLE.contactIp, clientIp(req)), { policy: THROTTLE.contactEmail, subject: body.email }]);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429) throw err;
      const seconds = Number(err.headers['retry-after'] ?? 60);
      throw new ApiError(429, 'too_many_attempts', 'Too many contact messages.',
        `Ați trimis prea multe mesaje. Încercați din nou peste ${romanianDuration(seconds)}.`, err.headers);
    }
    return idempotentWrite(
      ctx, req, reply, 201,
      () => {
        const r = ctx.db
          .prepare('INSERT INTO contact_messages (user_id, name, email, phone_number, subject, message, ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(userId, body.name, body.email, body.phone_number, body.subject, body.message, clientIp(req), ctx.clock.now().toISOString());
        queueMail(ctx, { to: body.email, ...contactReceivedMail(body.name) });
        return { id: Number(r.lastInsertRowid) };
      },
    );
  });
}
