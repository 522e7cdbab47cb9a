import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, adminDashboardSchema } from '#common/admin-dashboard.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { getAdminDashboard } from './admin-dashboard.service.ts';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'The business at a glance for the admin dashboard: headline counts, figures over the chosen period with its buckets, and the latest access requests.',
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardSchema },
      },
    },
    async (req) => getAdminDashboard(app.ctx, signedInActor(req), { tzOffset: req.query.tzOffset, period: req.query.period }),
  );
};
