import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          action: z.string().trim().max(100).optional(),
          userId: z.uuid().optional(),
        }),
      },
    },
    async (req) => listAudit(app.ctx.db, req.query),
  );
};
