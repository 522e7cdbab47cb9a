import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { legalPageSchema, legalSlugSchema } from '#common/legal.ts';
import { getLegalPage } from './legal.service.ts';

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal/:slug',
    {
      config: { access: 'public' },
      schema: { params: z.object({ slug: legalSlugSchema }), response: { 200: legalPageSchema } },
    },
    async (req) => getLegalPage(app.ctx.db, req.params.slug),
  );
};
