import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeSourcesResponseSchema,
  adminListQuerySchema,
  adminSourcePatchSchema,
  adminSourceSchema,
  adminSourcesResponseSchema,
  analyticsQuerySchema,
  createSourceSchema,
  idParamsSchema,
  mySourceSchema,
  mySourcesResponseSchema,
  sourceAnalyticsSchema,
} from '#common/hunts.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import { sourceAnalytics } from './source-analytics.service.ts';
import { activeSources, adminPatchSource, adminSources, createSource, mySources, withdrawSource } from './sources.service.ts';

export const OFFERS_PER_MEMBER_PER_HOUR = 30;

/** Sources (supply offers on active hunts), their review, and the sourcing analytics. */
export const sourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const offerLimit = limitHook(app, [
    { name: 'source-offer:user', max: OFFERS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.post(
    '/api/hunts/:id/sources',
    {
      config: { access: 'user' },
      schema: { description: 'Offer a card for a hunt.', params: idParamsSchema, body: createSourceSchema, response: { 201: mySourceSchema } },
      onRequest: offerLimit,
    },
    async (req, reply) => reply.status(201).send(await createSource(ctx, signedInActor(req), { huntId: req.params.id, source: req.body })),
  );

  app.get(
    '/api/user/sources',
    { config: { access: 'user' }, schema: { description: 'Your offers.', response: { 200: mySourcesResponseSchema } } },
    async (req) => ({
      sources: await mySources(ctx, signedInActor(req)),
    }),
  );

  app.get(
    '/api/sources/active',
    { config: { access: 'user' }, schema: { description: 'Offers you can see on the board.', response: { 200: activeSourcesResponseSchema } } },
    async (req) => ({
      sources: await activeSources(ctx, signedInActor(req)),
    }),
  );

  app.post(
    '/api/sources/:id/withdraw',
    {
      config: { access: 'user' },
      schema: { description: 'Withdraw one of your offers.', params: idParamsSchema, response: { 200: mySourceSchema } },
    },
    async (req) => withdrawSource(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.get(
    '/api/admin/sources',
    {
      config: { access: 'admin' },
      schema: { description: 'Offers to review, by status.', querystring: adminListQuerySchema, response: { 200: adminSourcesResponseSchema } },
    },
    async (req) => ({
      sources: await adminSources(ctx, signedInActor(req), { status: req.query.status }),
    }),
  );

  app.patch(
    '/api/admin/sources/:id',
    {
      config: { access: 'admin' },
      schema: { description: 'Review an offer.', params: idParamsSchema, body: adminSourcePatchSchema, response: { 200: adminSourceSchema } },
    },
    async (req) => adminPatchSource(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );

  app.get(
    '/api/admin/source-analytics',
    {
      config: { access: 'admin' },
      schema: { description: 'Figures on hunts and offers.', querystring: analyticsQuerySchema, response: { 200: sourceAnalyticsSchema } },
    },
    async (req) => sourceAnalytics(ctx, signedInActor(req), req.query),
  );
};
