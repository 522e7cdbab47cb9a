import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestResponseSchema,
  accessRequestSchema,
  adminAccessRequestsQuerySchema,
  adminAccessRequestsResponseSchema,
  recentAccessRequestsResponseSchema,
  reviewAccessRequestResponseSchema,
  reviewAccessRequestSchema,
} from '#common/access-request.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { accessRequestUpdated } from './access-requests.events.ts';
import { listAccessRequests, recentAccessRequests, reviewAccessRequest, submitAccessRequest } from './access-requests.service.ts';
import { limitHook } from '../../plugins/rate-limit.ts';

/** Per client IP: generous for a family sharing a connection, useless for a flood. */
export const ACCESS_REQUESTS_PER_IP_PER_HOUR = 10;

/** The answer for every accepted request, whoever sent it (no enumeration of members). */
export const ACCESS_REQUEST_RECEIVED = 'Your request for access has been received.';

export const accessRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const perIp = limitHook(app, [
    { name: 'request-access:ip', max: ACCESS_REQUESTS_PER_IP_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.ip },
  ]);

  app.post(
    '/api/request-access',
    {
      config: { access: 'public' },
      schema: { body: accessRequestSchema, response: { 200: accessRequestResponseSchema } },
      // Counted before the body is read, so bad input counts too.
      onRequest: perIp,
    },
    async (req) => {
      const result = await submitAccessRequest(ctx, req.body, req.ip ?? null);
      // Told after the answer, so publishing (a Redis round trip when scaled out) adds no time for
      // strangers that members would not pay.
      if ('id' in result && result.id) {
        const id = result.id;
        ctx.tasks.run('access_request_updated', () => accessRequestUpdated(ctx, { id, status: 'pending', phone: req.body.phone }, req.log));
      }
      return { status: 'success' as const, message: ACCESS_REQUEST_RECEIVED };
    },
  );

  app.get(
    '/api/admin/access-requests',
    {
      config: { access: 'admin' },
      schema: { querystring: adminAccessRequestsQuerySchema, response: { 200: adminAccessRequestsResponseSchema } },
    },
    async (req) => listAccessRequests(ctx.db, req.query),
  );

  app.get(
    '/api/admin/access-requests/recent',
    { config: { access: 'admin' }, schema: { response: { 200: recentAccessRequestsResponseSchema } } },
    async () => ({ requests: await recentAccessRequests(ctx.db) }),
  );

  app.patch(
    '/api/admin/access-requests/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ id: z.uuid('Not a valid id') }),
        body: reviewAccessRequestSchema,
        response: { 200: reviewAccessRequestResponseSchema },
      },
    },
    async (req) => {
      const actor = requireAdmin(req);
      const result = await reviewAccessRequest(ctx, {
        id: req.params.id,
        actor,
        status: req.body.status,
        note: req.body.note,
        notify: req.body.notify,
        ip: req.ip ?? null,
      });
      await accessRequestUpdated(ctx, result.request, req.log);
      return result;
    },
  );
};
