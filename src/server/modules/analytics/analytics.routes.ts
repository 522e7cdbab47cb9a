import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewInputSchema } from '#common/analytics.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { recordPageView } from './analytics.service.ts';

/** Per client address: far above what a person clicking through pages sends. */
export const PAGE_VIEWS_PER_MINUTE = 60;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = limitHook(app, [{ name: 'page-view:ip', max: PAGE_VIEWS_PER_MINUTE, windowMs: 60_000, key: byClientIp }]);
  app.post(
    '/api/analytics/page-view',
    {
      config: { access: 'public' },
      onRequest: perIp,
      schema: { description: 'Record a page view.', body: pageViewInputSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await recordPageView(app.ctx, req.actor, req.body);
      return reply.status(204).send(null);
    },
  );
};
