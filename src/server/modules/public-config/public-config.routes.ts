import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '#common/public-config.ts';

/** What the browser needs to know of the server's configuration, and nothing more. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public-config',
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async () => ({
      gaMeasurementId: app.ctx.config.GA_MEASUREMENT_ID ?? null,
      geolocationUrl: app.ctx.config.GEOLOCATION_URL ?? null,
    }),
  );
};
