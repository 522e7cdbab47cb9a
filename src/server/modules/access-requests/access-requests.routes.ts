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
import { eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { listAccessRequests, recentAccessRequests, reviewAccessRequest, submitAccessRequest } from './access-requests.service.ts';
import { WindowLimiter } from './rate-limit.ts';

/** Per client IP: generous for a family sharing a connection, useless for a flood. */
export const ACCESS_REQUESTS_PER_IP_PER_HOUR = 10;

/** The answer for every accepted request, whoever sent it (no enumeration of members). */
export const ACCESS_REQUEST_RECEIVED = 'Your request for access has been received.';

const readablePhone = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

/**
 * Tells every admin's screens (spec §7: access_request_updated refreshes the lists), including the
 * acting admin's other tabs. The event's userId names the request, so no admin reads it as their
 * own. A requester who already has an account also hears the outcome, with their own user id.
 */
async function announce(
  ctx: AppContext,
  log: { warn: (o: object, m: string) => void },
  event: { requestId: string; status: string; message: string; phone: string },
) {
  try {
    await ctx.live.publish(
      { kind: 'admins' },
      { type: 'access_request_updated', userId: event.requestId, status: event.status, message: event.message },
    );
    if (event.status === 'approved' || event.status === 'rejected') {
      const [requester] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, event.phone)).limit(1);
      if (requester) {
        await ctx.live.publish({ kind: 'user', userId: requester.id }, { type: 'access_request_updated', userId: requester.id, status: event.status });
      }
    }
  } catch (err) {
    log.warn({ err: { message: (err as Error).message } }, 'access_request_updated not delivered');
  }
}

export const accessRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const perIp = new WindowLimiter(ctx.clock, ACCESS_REQUESTS_PER_IP_PER_HOUR, 60 * 60 * 1000);

  app.post(
    '/api/request-access',
    {
      config: { access: 'public' },
      schema: { body: accessRequestSchema, response: { 200: accessRequestResponseSchema } },
      // Counted before the body is read, so bad input counts too.
      onRequest: async (req) => perIp.hit(req.ip ?? 'unknown'),
    },
    async (req) => {
      const result = await submitAccessRequest(ctx, req.body, req.ip ?? null);
      if ('id' in result && result.id) {
        await announce(ctx, req.log, {
          requestId: result.id,
          status: 'pending',
          message: `New access request from ${readablePhone(req.body.phone)}.`,
          phone: req.body.phone,
        });
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
      await announce(ctx, req.log, {
        requestId: result.request.id,
        status: result.request.status,
        message: `Request from ${readablePhone(result.request.phone)} was ${result.request.status}.`,
        phone: result.request.phone,
      });
      return result;
    },
  );
};
