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
    async (req) => updateProfile(ctx, requireUser(req).id, req.body),
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
    async (req) => updateUserAccess(ctx, requireAdmin(req), req.params.id, req.body, req.ip ?? null),
  );
};
