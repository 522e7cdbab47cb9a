import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHealthy } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        description: 'Liveness and database health.',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_req, reply) => ((await isHealthy(app.ctx)) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' as const })),
  );
};
