import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '#common/public-config.ts';
import { publicConfig } from './public-config.service.ts';

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public-config',
    {
      config: { access: 'public' },
      schema: { description: 'Settings the web app needs before sign-in, and the support contact.', response: { 200: publicConfigSchema } },
    },
    async () => publicConfig(app.ctx),
  );
};
