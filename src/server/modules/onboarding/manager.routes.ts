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
import { signedInActor } from '#server/plugins/auth.ts';
import { clientDetail, confirmDeposit, inviteClient, listClients, resendInvitation } from './manager.service.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });

/** The Portfolio Manager (spec §2): managers see and act on their own clients, admins on all. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/manager/clients',
    {
      config: { access: 'manager' },
      schema: {
        description: "The portfolio manager's clients.",
        querystring: managerClientsQuerySchema,
        response: { 200: managerClientsResponseSchema },
      },
    },
    async (req) => listClients(ctx, signedInActor(req), req.query),
  );

  app.post(
    '/api/manager/clients',
    { config: { access: 'manager' }, schema: { description: 'Invite a client.', body: inviteClientSchema, response: { 201: inviteResponseSchema } } },
    async (req, reply) => reply.status(201).send(await inviteClient(ctx, signedInActor(req), req.body)),
  );

  app.post(
    '/api/manager/clients/:id/resend-invite',
    {
      // The invitation is sent again only after a pause (429).
      config: { access: 'manager', openapi: { errors: [429] } },
      schema: {
        description: "Send a client's invitation again.",
        params: idParams,
        response: { 200: z.object({ status: z.literal('success'), sms: inviteResponseSchema.shape.sms }) },
      },
    },
    async (req) => {
      const { sms } = await resendInvitation(ctx, signedInActor(req), { id: req.params.id });
      return { status: 'success' as const, sms };
    },
  );

  app.get(
    '/api/manager/clients/:id',
    {
      config: { access: 'manager' },
      schema: { description: 'One client with their onboarding.', params: idParams, response: { 200: managerClientDetailSchema } },
    },
    async (req) => clientDetail(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.post(
    '/api/manager/clients/:id/confirm-deposit',
    // Confirming a deposit moves money: never done by an admin wearing the manager's session.
    {
      config: { access: 'manager' },
      schema: {
        description: "Confirm a client's deposit.",
        params: idParams,
        body: confirmDepositSchema,
        response: { 200: managerClientDetailSchema },
      },
    },
    async (req) => confirmDeposit(ctx, signedInActor(req), { id: req.params.id, amountCents: req.body.amountCents }),
  );
};
