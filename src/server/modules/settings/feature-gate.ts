import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { featureOfApiPath, featureOpen } from '#common/settings.ts';
import { notFound } from '#server/errors.ts';
import { getSetting } from './settings.service.ts';

/**
 * A switched-off feature's member routes answer 404, as if they did not exist (decision 100).
 * Runs after the auth hook, so a signed-out caller still gets 401 and admins (who may check a
 * feature before opening it) pass. Admin routes are never switched. Only paths a switch covers
 * read the switches, and those come from the instance's cache.
 */
async function featureGatePlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url) return;
    const feature = featureOfApiPath(req.url);
    if (!feature || !req.user) return;
    const features = await getSetting(app.ctx, 'features');
    if (!featureOpen({ isAdmin: req.user.isAdmin, features }, feature)) throw notFound();
  });
}

export const featureGate = fp(featureGatePlugin, { name: 'feature-gate', dependencies: ['auth'] });
