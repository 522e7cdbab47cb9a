import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertIdParamsSchema,
  alertSchema,
  alertsResponseSchema,
  createAlertSchema,
  listingIdParamsSchema,
  listingWatchTargetsSchema,
  removeAlertResponseSchema,
} from '#common/alerts.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { createAlert, listAlerts, listingWatchTargets, removeAlert } from './alerts.service.ts';

/** Watchlists and price alerts (decision 147): a member's own alerts only. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/user/alerts',
    { config: { access: 'user' }, schema: { description: 'Your watchlist: price and new-listing alerts.', response: { 200: alertsResponseSchema } } },
    async (req) => listAlerts(ctx, signedInActor(req)),
  );

  app.post(
    '/api/user/alerts',
    {
      config: { access: 'user' },
      schema: { description: 'Watch a constituent or a saved search.', body: createAlertSchema, response: { 201: alertSchema } },
    },
    async (req, reply) => reply.status(201).send(await createAlert(ctx, signedInActor(req), req.body)),
  );

  app.delete(
    '/api/user/alerts/:id',
    {
      config: { access: 'user' },
      schema: { description: 'Stop watching.', params: alertIdParamsSchema, response: { 200: removeAlertResponseSchema } },
    },
    async (req) => {
      await removeAlert(ctx, signedInActor(req), { id: req.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/alerts/listing-targets/:id',
    {
      config: { access: 'user' },
      schema: {
        description: "What a listing's Watch button may watch: its card's constituent and the same card's new listings.",
        params: listingIdParamsSchema,
        response: { 200: listingWatchTargetsSchema },
      },
    },
    async (req) => listingWatchTargets(ctx, { listingId: req.params.id }),
  );
};
