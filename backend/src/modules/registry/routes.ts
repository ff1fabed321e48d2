import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ApiError, errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { parse } from '../../lib/validation';
import { cuiField } from '../../../../contract/fields';
import { activePartners, findCompany, findPartner } from './service';

const cuiParam = z.object({ cui: cuiField('wire') });
const partnerParam = z.object({ code: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9_-]+$/, 'Codul partenerului nu este valid.') });

/** The demo company register (lookup by CUI) and the partner registry. */
export function registerRegistry(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/companies/:cui', async (req, reply) => {
    const { cui } = parse(cuiParam, req.params);
    const company = findCompany(ctx, cui);
    if (!company) {
      throw new ApiError(404, 'company_not_found', 'Company not found.', 'Nu am găsit firma în registru. Introduceți denumirea manual.');
    }
    return sendData(reply, company);
  });

  app.get('/api/v1/partners', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return sendData(reply, activePartners(ctx));
  });

  app.get('/api/v1/partners/:code', async (req, reply) => {
    const { code } = parse(partnerParam, req.params);
    const partner = findPartner(ctx, code);
    if (!partner) throw errors.notFound('Partner', 'Partenerul nu există.');
    return sendData(reply, partner);
  });
}
