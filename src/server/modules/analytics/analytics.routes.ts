import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewInputSchema } from '#common/analytics.ts';
import { pageViews } from '../../db/schema/platform.ts';
import { limitHook } from '../../plugins/rate-limit.ts';

/** Per client address: far above what a person clicking through pages sends. */
export const PAGE_VIEWS_PER_MINUTE = 60;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = limitHook(app, [{ name: 'page-view:ip', max: PAGE_VIEWS_PER_MINUTE, windowMs: 60_000, key: (req) => req.ip }]);
  app.post(
    '/api/analytics/page-view',
    {
      config: { access: 'public' },
      onRequest: perIp,
      schema: { body: pageViewInputSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      // The IP is kept only as a keyed hash: enough to count unique visitors, useless to identify one.
      const ipHash = createHmac('sha256', app.ctx.config.SESSION_SECRET).update(req.ip).digest('hex').slice(0, 32);
      await app.ctx.db.insert(pageViews).values({
        path: req.body.path,
        referrer: req.body.referrer || null,
        userId: req.user?.id ?? null,
        ipHash,
        userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
        createdAt: app.ctx.clock.now(),
      });
      return reply.status(204).send(null);
    },
  );
};
