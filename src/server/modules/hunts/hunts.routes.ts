import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminHuntPatchSchema,
  adminHuntSchema,
  adminHuntsResponseSchema,
  adminListQuerySchema,
  boardQuerySchema,
  boardResponseSchema,
  closeHuntSchema,
  createHuntSchema,
  idParamsSchema,
  myHuntSchema,
  myHuntsResponseSchema,
  patchHuntSchema,
} from '#common/hunts.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import { adminHunts, adminPatchHunt, board, closeHunt, createHunt, myHunts, patchHunt } from './hunts.service.ts';

/** A member posts a few hunts a day; more in an hour is a script. */
export const HUNTS_PER_MEMBER_PER_HOUR = 20;

/** Hunts (domain.md: Hunts and sources): the board, the requester's hunts, the admins' review. */
export const huntsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const postLimit = limitHook(app, [{ name: 'hunt-post:user', max: HUNTS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id }]);

  app.get(
    '/api/hunts/active',
    {
      config: { access: 'user' },
      schema: { description: 'Hunts open on the board.', querystring: boardQuerySchema, response: { 200: boardResponseSchema } },
    },
    async (req) => ({
      hunts: await board(ctx, signedInActor(req), req.query),
    }),
  );

  app.get(
    '/api/user/hunts',
    { config: { access: 'user' }, schema: { description: 'Your hunts.', response: { 200: myHuntsResponseSchema } } },
    async (req) => ({
      hunts: await myHunts(ctx, signedInActor(req)),
    }),
  );

  app.post(
    '/api/hunts',
    {
      config: { access: 'user' },
      schema: { description: 'Post a hunt.', body: createHuntSchema, response: { 201: myHuntSchema } },
      onRequest: postLimit,
    },
    async (req, reply) => reply.status(201).send(await createHunt(ctx, signedInActor(req), { hunt: req.body })),
  );

  app.patch(
    '/api/hunts/:id',
    {
      config: { access: 'user' },
      schema: { description: 'Edit one of your hunts.', params: idParamsSchema, body: patchHuntSchema, response: { 200: myHuntSchema } },
    },
    async (req) => patchHunt(ctx, signedInActor(req), { id: req.params.id, patch: req.body }),
  );

  app.post(
    '/api/hunts/:id/close',
    {
      config: { access: 'user' },
      schema: { description: 'Close one of your hunts.', params: idParamsSchema, body: closeHuntSchema, response: { 200: myHuntSchema } },
    },
    async (req) => closeHunt(ctx, signedInActor(req), { id: req.params.id, note: req.body.note }),
  );

  app.get(
    '/api/admin/hunts',
    {
      config: { access: 'admin' },
      schema: { description: 'Hunts to review, by status.', querystring: adminListQuerySchema, response: { 200: adminHuntsResponseSchema } },
    },
    async (req) => ({
      hunts: await adminHunts(ctx, signedInActor(req), { status: req.query.status }),
    }),
  );

  app.patch(
    '/api/admin/hunts/:id',
    {
      config: { access: 'admin' },
      schema: { description: 'Review a hunt.', params: idParamsSchema, body: adminHuntPatchSchema, response: { 200: adminHuntSchema } },
    },
    async (req) => adminPatchHunt(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );
};
