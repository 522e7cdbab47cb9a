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
import { signedInActor } from '#server/plugins/auth.ts';
import { getProfile, listUsers, updateProfile, updateUserAccess } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/user/profile',
    { config: { access: 'user' }, schema: { description: 'Your profile.', response: { 200: profileSchema } } },
    async (req) => getProfile(ctx, signedInActor(req)),
  );

  // When the phone becomes changeable it belongs on its own route, with no impersonation exception.
  app.patch(
    '/api/user/profile',
    {
      config: { access: 'user', impersonation: { support: "fix a typo in the name or email; message choices stay the member's" } },
      schema: { description: 'Update your profile.', body: profilePatchSchema, response: { 200: profileSchema } },
    },
    async (req) => updateProfile(ctx, signedInActor(req), req.body),
  );

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: { description: 'Users, searched and paged.', querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } },
    },
    async (req) => listUsers(ctx, signedInActor(req), req.query),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: "Change a user's roles or status.",
        params: z.object({ id: z.uuid() }),
        body: adminUserPatchSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (req) => updateUserAccess(ctx, signedInActor(req), { ...req.body, id: req.params.id }),
  );
};
