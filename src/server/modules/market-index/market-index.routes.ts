import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminIndexResponseSchema,
  constituentDetailSchema,
  constituentIdentitySchema,
  constituentIdParamsSchema,
  divisorLogResponseSchema,
  IMPORT_MAX_CHARS,
  importReportSchema,
  importRequestSchema,
  indexOverviewSchema,
  indexSettingsSchema,
  levelsQuerySchema,
  levelsResponseSchema,
  patchConstituentSchema,
  rebalanceRequestSchema,
  rebalanceResponseSchema,
} from '#common/market-index.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import {
  addConstituent,
  adminIndex,
  constituentDetail,
  divisorLog,
  importPrices,
  indexLevelsJson,
  indexOverview,
  patchConstituent,
  rebalance,
  retireConstituent,
  updateIndexSettings,
} from './market-index.service.ts';

const adminConstituentOut = constituentIdentitySchema.extend({ id: z.uuid(), retiredOn: z.string().nullable() });
/** A price file of ~250,000 rows, JSON-escaped. */
const IMPORT_BODY_LIMIT = IMPORT_MAX_CHARS * 2;

/** The market index (domain.md: Funds and the index): public figures, admins' constituents, prices and reviews. */
export const marketIndexRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/index',
    { config: { access: 'public' }, schema: { description: 'The market index and its latest level.', response: { 200: indexOverviewSchema } } },
    async () => indexOverview(ctx),
  );

  app.get(
    '/api/index/levels',
    {
      config: { access: 'public' },
      schema: { description: 'Index levels over a period.', querystring: levelsQuerySchema, response: { 200: levelsResponseSchema } },
    },
    async (req, reply) => {
      // Already serialized (and cached until the next recompute): sent as it is, outside the typed reply.
      const { etag, body } = await indexLevelsJson(ctx, req.query);
      const raw = reply as unknown as FastifyReply;
      raw.header('ETag', etag).header('Cache-Control', 'public, no-cache');
      if (req.headers['if-none-match'] === etag) return raw.status(304).send();
      return raw.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/index/constituents/:id',
    {
      config: { access: 'public' },
      schema: {
        description: 'One constituent with its price history.',
        params: constituentIdParamsSchema,
        response: { 200: constituentDetailSchema },
      },
    },
    async (req) => constituentDetail(ctx, { id: req.params.id }),
  );

  app.get(
    '/api/index/divisor-log',
    { config: { access: 'public' }, schema: { description: 'Changes of the index divisor.', response: { 200: divisorLogResponseSchema } } },
    async () => divisorLog(ctx),
  );

  app.get(
    '/api/admin/index',
    {
      config: { access: 'admin' },
      schema: { description: 'The market index with its constituents, for editing.', response: { 200: adminIndexResponseSchema } },
    },
    async (req) => adminIndex(ctx, signedInActor(req)),
  );

  app.post(
    '/api/admin/index/constituents',
    {
      config: { access: 'admin' },
      schema: { description: 'Add a constituent to the market index.', body: constituentIdentitySchema, response: { 201: adminConstituentOut } },
    },
    async (req, reply) => reply.status(201).send(await addConstituent(ctx, signedInActor(req), { identity: req.body })),
  );

  app.patch(
    '/api/admin/index/constituents/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Edit an index constituent.',
        params: constituentIdParamsSchema,
        body: patchConstituentSchema,
        response: { 200: adminConstituentOut },
      },
    },
    async (req) => patchConstituent(ctx, signedInActor(req), { id: req.params.id, patch: req.body }),
  );

  app.delete(
    '/api/admin/index/constituents/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Remove a constituent from the market index.',
        params: constituentIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => retireConstituent(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.post(
    '/api/admin/index/prices/import',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { description: 'Import sale prices for the index.', body: importRequestSchema, response: { 200: importReportSchema } },
    },
    async (req) => importPrices(ctx, signedInActor(req), req.body),
  );

  app.post(
    '/api/admin/index/rebalance',
    {
      config: { access: 'admin' },
      schema: { description: 'Rebalance the market index.', body: rebalanceRequestSchema, response: { 200: rebalanceResponseSchema } },
    },
    async (req) => rebalance(ctx, signedInActor(req), req.body),
  );

  app.put(
    '/api/admin/index/settings',
    {
      config: { access: 'admin' },
      schema: { description: 'Save the index settings.', body: indexSettingsSchema, response: { 200: indexSettingsSchema } },
    },
    async (req) => updateIndexSettings(ctx, signedInActor(req), { settings: req.body }),
  );
};
