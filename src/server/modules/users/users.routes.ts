import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserPatchSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  profilePatchSchema,
  profileSchema,
} from '#common/auth.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { profileUpdated, userUpdated } from './users.events.ts';
import { getProfile, listUsers, updateProfile, updateUserAccess } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/user/profile',
    { config: { access: 'user' }, schema: { response: { 200: profileSchema } } },
    async (req) => getProfile(ctx, requireUser(req).id),
  );

  // When the phone becomes changeable it belongs on its own route with config.noImpersonation.
  app.patch(
    '/api/user/profile',
    { config: { access: 'user' }, schema: { body: profilePatchSchema, response: { 200: profileSchema } } },
    async (req) => {
      const user = requireUser(req);
      const profile = await updateProfile(ctx, user.id, req.body);
      await profileUpdated(ctx, user.id);
      return profile;
    },
  );

  app.get(
    '/api/admin/users',
    { config: { access: 'admin' }, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } },
    async (req) => listUsers(ctx, req.query),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: z.object({ id: z.uuid() }), body: adminUserPatchSchema, response: { 200: adminUserSchema } },
    },
    async (req) => {
      const updated = await updateUserAccess(ctx, requireAdmin(req), req.params.id, req.body, req.ip ?? null);
      // Suspension ends the sessions (in the service) and closes their sockets on every instance.
      if (updated.status === 'suspended') await ctx.live.disconnect(updated.id);
      await userUpdated(ctx, updated.id);
      return updated;
    },
  );
};
