import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmDepositSchema,
  inviteClientSchema,
  inviteResponseSchema,
  managerClientDetailSchema,
  managerClientsQuerySchema,
  managerClientsResponseSchema,
} from '#common/onboarding.ts';
import { requireManager } from '../../plugins/auth.ts';
import { clientDetail, confirmDeposit, inviteClient, listClients, resendInvitation } from './manager.service.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });

/** The Portfolio Manager (spec §2): managers see and act on their own clients, admins on all. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/manager/clients',
    { config: { access: 'manager' }, schema: { querystring: managerClientsQuerySchema, response: { 200: managerClientsResponseSchema } } },
    async (req) => listClients(ctx.db, requireManager(req), req.query),
  );

  app.post(
    '/api/manager/clients',
    { config: { access: 'manager' }, schema: { body: inviteClientSchema, response: { 201: inviteResponseSchema } } },
    async (req, reply) => {
      const actor = requireManager(req);
      const { client, sms } = await inviteClient(ctx, actor, req.body, req.ip ?? null);
      return reply.status(201).send({ client, sms });
    },
  );

  app.post(
    '/api/manager/clients/:id/resend-invite',
    {
      config: { access: 'manager' },
      schema: { params: idParams, response: { 200: z.object({ status: z.literal('success'), sms: inviteResponseSchema.shape.sms }) } },
    },
    async (req) => {
      const actor = requireManager(req);
      const { sms } = await resendInvitation(ctx, actor, req.params.id, req.ip ?? null);
      return { status: 'success' as const, sms };
    },
  );

  app.get(
    '/api/manager/clients/:id',
    { config: { access: 'manager' }, schema: { params: idParams, response: { 200: managerClientDetailSchema } } },
    async (req) => clientDetail(ctx.db, requireManager(req), req.params.id),
  );

  app.post(
    '/api/manager/clients/:id/confirm-deposit',
    // Confirming a deposit moves money: never done by an admin wearing the manager's session.
    { config: { access: 'manager', noImpersonation: true }, schema: { params: idParams, body: confirmDepositSchema, response: { 200: managerClientDetailSchema } } },
    async (req) => {
      const actor = requireManager(req);
      await confirmDeposit(ctx, actor, req.params.id, req.body.amountCents, req.ip ?? null);
      return clientDetail(ctx.db, actor, req.params.id);
    },
  );
};
