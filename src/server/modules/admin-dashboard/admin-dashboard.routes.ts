import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, adminDashboardSchema } from '#common/admin-dashboard.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { getAdminDashboard } from './admin-dashboard.service.ts';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { config: { access: 'admin' }, schema: { description: 'Figures for the admin dashboard.', querystring: adminDashboardQuerySchema, response: { 200: adminDashboardSchema } } },
    async (req) => getAdminDashboard(app.ctx, signedInActor(req), { tzOffset: req.query.tzOffset }),
  );
};
