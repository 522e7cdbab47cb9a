import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminVaultResponseSchema,
  createIntakeSchema,
  createOuttakeSchema,
  intakeItemParamsSchema,
  intakeSchema,
  myVaultResponseSchema,
  outtakeQuoteQuerySchema,
  outtakeQuoteSchema,
  outtakeSchema,
  receiveCardSchema,
  shipOuttakeSchema,
  vaultIdParamsSchema,
} from '#common/vault.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  adminVault,
  cancelIntake,
  cancelOuttake,
  createIntake,
  createOuttake,
  deliverOuttake,
  myVault,
  quoteOuttake,
  receiveIntakeCard,
  shipOuttake,
} from './vault.service.ts';

/** A member asks for a few intakes or outtakes a day; more in an hour is a script. */
export const VAULT_REQUESTS_PER_MEMBER_PER_HOUR = 30;

/** Vault intake and outtake (issue 34): members send cards in and ask for them back; admins receive, ship and deliver. */
export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const requestLimit = limitHook(app, [
    { name: 'vault-request:user', max: VAULT_REQUESTS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.get(
    '/api/user/vault',
    { config: { access: 'user' }, schema: { description: 'Your vault intakes and outtakes.', response: { 200: myVaultResponseSchema } } },
    async (req) => myVault(ctx, signedInActor(req)),
  );

  app.post(
    '/api/user/vault/intakes',
    {
      config: { access: 'user' },
      schema: { description: 'Send cards to the vault.', body: createIntakeSchema, response: { 201: intakeSchema } },
      onRequest: requestLimit,
    },
    async (req, reply) => reply.status(201).send(await createIntake(ctx, signedInActor(req), { cardIds: req.body.cardIds, log: req.log })),
  );

  app.post(
    '/api/user/vault/intakes/:id/cancel',
    {
      config: { access: 'user' },
      schema: { description: 'Cancel an intake before anything arrives.', params: vaultIdParamsSchema, response: { 200: intakeSchema } },
    },
    async (req) => cancelIntake(ctx, signedInActor(req), { id: req.params.id, log: req.log }),
  );

  app.get(
    '/api/user/vault/outtakes/quote',
    {
      config: { access: 'user' },
      schema: {
        description: 'The fee for taking cards out of the vault.',
        querystring: outtakeQuoteQuerySchema,
        response: { 200: outtakeQuoteSchema },
      },
    },
    async (req) => quoteOuttake(ctx, signedInActor(req), { cardIds: req.query.cardIds }),
  );

  app.post(
    '/api/user/vault/outtakes',
    {
      config: { access: 'user' },
      schema: { description: 'Ask for cards back from the vault.', body: createOuttakeSchema, response: { 201: outtakeSchema } },
      onRequest: requestLimit,
    },
    async (req, reply) => reply.status(201).send(await createOuttake(ctx, signedInActor(req), { outtake: req.body, log: req.log })),
  );

  app.post(
    '/api/user/vault/outtakes/:id/cancel',
    {
      config: { access: 'user' },
      schema: { description: 'Cancel an outtake before its fee is paid.', params: vaultIdParamsSchema, response: { 200: outtakeSchema } },
    },
    async (req) => cancelOuttake(ctx, signedInActor(req), { id: req.params.id, log: req.log }),
  );

  app.get(
    '/api/admin/vault',
    { config: { access: 'admin' }, schema: { description: 'The vault queues: intakes and outtakes.', response: { 200: adminVaultResponseSchema } } },
    async () => adminVault(ctx),
  );

  app.post(
    '/api/admin/vault/intakes/:id/cards/:cardId/receive',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Receive one card of an intake into the vault.',
        params: intakeItemParamsSchema,
        body: receiveCardSchema,
        response: { 200: intakeSchema },
      },
    },
    async (req) => receiveIntakeCard(ctx, signedInActor(req), { id: req.params.id, cardId: req.params.cardId, receipt: req.body, log: req.log }),
  );

  app.post(
    '/api/admin/vault/outtakes/:id/ship',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Ship a paid outtake with its carrier and tracking.',
        params: vaultIdParamsSchema,
        body: shipOuttakeSchema,
        response: { 200: outtakeSchema },
      },
    },
    async (req) => shipOuttake(ctx, signedInActor(req), { id: req.params.id, shipment: req.body, log: req.log }),
  );

  app.post(
    '/api/admin/vault/outtakes/:id/deliver',
    {
      config: { access: 'admin' },
      schema: { description: 'Mark a shipped outtake delivered.', params: vaultIdParamsSchema, response: { 200: outtakeSchema } },
    },
    async (req) => deliverOuttake(ctx, signedInActor(req), { id: req.params.id, log: req.log }),
  );
};
