import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, adminDashboardSchema } from '#common/admin-dashboard.ts';
import { getAdminDashboard } from './admin-dashboard.service.ts';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { config: { access: 'admin' }, schema: { querystring: adminDashboardQuerySchema, response: { 200: adminDashboardSchema } } },
    async (req) => getAdminDashboard(app.ctx, req.query.tzOffset),
  );
};
