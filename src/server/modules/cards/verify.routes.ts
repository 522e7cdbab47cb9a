import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyMessages, verifyParamsSchema, verifyResponseSchema } from '#common/verify.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { verifyCertificate } from './verify.service.ts';

/** Enough for a collector checking a few slabs at a show; too few to walk the number space. */
export const VERIFY_REQUESTS_PER_IP_PER_MINUTE = 20;

/** The public certificate check (`/verify`): anyone may ask whether we hold a slab. */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = limitHook(app, [
    { name: 'verify:ip', max: VERIFY_REQUESTS_PER_IP_PER_MINUTE, windowMs: 60_000, key: byClientIp, message: verifyMessages.tooMany },
  ]);
  app.get(
    '/api/verify/:grader/:certNumber',
    {
      config: { access: 'public' },
      schema: {
        description: 'Whether we hold a graded slab: in the vault and since when, its grade and description, and its last check with PSA.',
        params: verifyParamsSchema,
        response: { 200: verifyResponseSchema },
      },
      onRequest: limit,
    },
    async (req) => verifyCertificate(app.ctx, req.params),
  );
};
