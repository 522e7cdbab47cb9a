import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFacetsSchema, auditListSchema, auditQuerySchema } from '#common/audit.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { auditFacets, listAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        description: 'The audit log, newest first: filter by actor, target, action, date and scope.',
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (req) => listAudit(app.ctx, signedInActor(req), req.query),
  );

  app.get(
    '/api/admin/audit/facets',
    {
      config: { access: 'admin' },
      schema: {
        description: 'The actions and target kinds on record, for the audit filters.',
        tags: ['audit'],
        response: { 200: auditFacetsSchema },
      },
    },
    async (req) => auditFacets(app.ctx, signedInActor(req)),
  );
};
