import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idParam, parse } from '../../lib/validation';
import { pdfGate, pdfKey } from '../../pdf/render-gate';
import { renderPolicyPdf } from '../../pdf/policy-pdf';
import { findOwnPolicy, policyDocument, serializePolicy, type PolicyRow } from './service';

export function registerPolicies(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/policies', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const rows = ctx.db.prepare('SELECT * FROM policies WHERE user_id = ? ORDER BY created_at DESC, id DESC').all(user.id) as PolicyRow[];
    return sendData(reply, rows.map((p) => serializePolicy(ctx, p)));
  });

  app.get('/api/v1/policies/:id', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const p = findOwnPolicy(ctx, user.id, id);
    if (!p) throw errors.notFound('Policy', 'Polița nu există.');
    return sendData(reply, serializePolicy(ctx, p));
  });

  app.get('/api/v1/policies/:id/document', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const p = findOwnPolicy(ctx, user.id, id);
    if (!p) throw errors.notFound('Policy', 'Polița nu există.');
    // Rendered once per document content, a bounded number at once (pdf/render-gate.ts).
    const doc = policyDocument(ctx, p);
    const pdf = await pdfGate(ctx).render(pdfKey('policy', doc), () => renderPolicyPdf(doc));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="polita-${p.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
