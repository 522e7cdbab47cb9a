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
import { signedInActor } from '#server/plugins/auth.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { listAccessRequests, recentAccessRequests, reviewAccessRequest, submitAccessRequest } from './access-requests.service.ts';

/** Per client IP: generous for a family sharing a connection, useless for a flood. */
export const ACCESS_REQUESTS_PER_IP_PER_HOUR = 10;

/** The answer for every accepted request, whoever sent it (no enumeration of members). */
export const ACCESS_REQUEST_RECEIVED = 'Your request for access has been received.';

export const accessRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const perIp = limitHook(app, [{ name: 'request-access:ip', max: ACCESS_REQUESTS_PER_IP_PER_HOUR, windowMs: 60 * 60_000, key: byClientIp }]);

  app.post(
    '/api/request-access',
    {
      config: { access: 'public' },
      schema: { description: 'Ask for access.', body: accessRequestSchema, response: { 200: accessRequestResponseSchema } },
      // Counted before the body is read, so bad input counts too.
      onRequest: perIp,
    },
    async (req) => {
      await submitAccessRequest(ctx, req.actor, req.body);
      // The same answer in every case.
      return { status: 'success' as const, message: ACCESS_REQUEST_RECEIVED };
    },
  );

  app.get(
    '/api/admin/access-requests',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Access requests, filtered and paged.',
        querystring: adminAccessRequestsQuerySchema,
        response: { 200: adminAccessRequestsResponseSchema },
      },
    },
    async (req) => listAccessRequests(ctx, signedInActor(req), req.query),
  );

  app.get(
    '/api/admin/access-requests/recent',
    {
      config: { access: 'admin' },
      schema: { description: 'The newest pending access requests.', response: { 200: recentAccessRequestsResponseSchema } },
    },
    async () => ({ requests: await recentAccessRequests(ctx) }),
  );

  app.patch(
    '/api/admin/access-requests/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Approve or reject an access request.',
        params: z.object({ id: z.uuid('Not a valid id') }),
        body: reviewAccessRequestSchema,
        response: { 200: reviewAccessRequestResponseSchema },
      },
    },
    async (req) => reviewAccessRequest(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );
};
