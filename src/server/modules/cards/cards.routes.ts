import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCardsQuerySchema,
  adminCardsResponseSchema,
  CARD_IMAGE_MAX_BYTES,
  cardDetailSchema,
  cardAppraisalInputSchema,
  cardCorrectionSchema,
  cardIdParamsSchema,
  cardImageParamsSchema,
  cardImageQuerySchema,
  cardImageSides,
  cardMessages,
  cardSchema,
  cardsResponseSchema,
  certParamsSchema,
  createCardSchema,
  custodyChangeSchema,
  deleteCardResponseSchema,
  patchCardSchema,
  pinEstimateSchema,
  psaBulkRequestSchema,
  psaBulkResponseSchema,
  psaCertResponseSchema,
  registryQuerySchema,
  registryResponseSchema,
  usersWithCardsResponseSchema,
  type CardImageSide,
} from '#common/cards.ts';
import { collectionVsMarketSchema } from '#common/market-index.ts';
import { AppError } from '#server/errors.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import type { CardsContext } from './cards.context.ts';
import {
  addImage,
  adminCards,
  cardDetail,
  cardSummaries,
  changeCustody,
  createCard,
  deleteCard,
  followMarket,
  patchCard,
  pinEstimate,
  readImage,
  registry,
  registryVsMarket,
  usersWithCards,
} from './cards.service.ts';
import { appraiseCard, correctCard } from './cards.corrections.ts';
import { bulkLookup, lookupCert } from './psa.service.ts';

/** Room for the multipart envelope and the side field around a 10 MB image. */
const MAX_UPLOAD_BYTES = CARD_IMAGE_MAX_BYTES + 64 * 1024;
/** The image form, for the API reference: the route reads the parts itself. */
const imageForm = z.object({
  side: z.enum(cardImageSides),
  file: z.file().describe('The image: JPEG, PNG or WebP, at most 10 MB.'),
});
/** PSA's free plan allows about 100 look-ups a day for the whole site: one member cannot spend them all. */
export const PSA_LOOKUPS_PER_MEMBER_PER_HOUR = 30;

const tooLarge = () => new AppError('payload_too_large', cardMessages.imageTooLarge);

/** The registry (domain.md: Cards, registry and PSA): members' cards, their photos and provenance, PSA look-ups. */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: CardsContext = app.ctx;
  // Scoped to this plugin: other routes keep their JSON-only bodies.
  await app.register(multipart, { limits: { fileSize: CARD_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 4 } });
  const psaLimit = limitHook(app, [
    {
      name: 'psa-lookup:user',
      max: PSA_LOOKUPS_PER_MEMBER_PER_HOUR,
      windowMs: 60 * 60_000,
      key: (req) => (req.user?.isAdmin ? undefined : req.user?.id),
    },
  ]);

  app.get(
    '/api/registry',
    {
      config: { access: 'user' },
      schema: {
        description: "One page of your registry, searched, filtered and sorted, with the whole registry's totals.",
        querystring: registryQuerySchema,
        response: { 200: registryResponseSchema },
      },
    },
    async (req) => registry(ctx, signedInActor(req), req.query),
  );

  app.get(
    '/api/index/collection',
    { config: { access: 'user' }, schema: { description: 'The index constituents you own.', response: { 200: collectionVsMarketSchema } } },
    async (req) => registryVsMarket(ctx, signedInActor(req)),
  );

  app.get(
    '/api/cards',
    { config: { access: 'user' }, schema: { description: 'Your cards.', response: { 200: cardsResponseSchema } } },
    async (req) => ({
      cards: await cardSummaries(ctx, signedInActor(req)),
    }),
  );

  app.get(
    '/api/cards/:id',
    {
      config: { access: 'user' },
      schema: { description: 'One card with its history.', params: cardIdParamsSchema, response: { 200: cardDetailSchema } },
    },
    async (req) => cardDetail(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.post(
    '/api/cards',
    { config: { access: 'user' }, schema: { description: 'Add a card to your registry.', body: createCardSchema, response: { 201: cardSchema } } },
    async (req, reply) => reply.status(201).send(await createCard(ctx, signedInActor(req), { card: req.body, log: req.log })),
  );

  app.patch(
    '/api/cards/:id',
    {
      config: { access: 'user' },
      schema: { description: 'Edit one of your cards.', params: cardIdParamsSchema, body: patchCardSchema, response: { 200: cardSchema } },
    },
    async (req) => patchCard(ctx, signedInActor(req), { id: req.params.id, patch: req.body, log: req.log }),
  );

  app.put(
    '/api/cards/:id/pinned-estimate',
    {
      config: { access: 'user' },
      schema: {
        description: 'Keep your own estimate for a card instead of its market value.',
        params: cardIdParamsSchema,
        body: pinEstimateSchema,
        response: { 200: cardDetailSchema },
      },
    },
    async (req) => pinEstimate(ctx, signedInActor(req), { id: req.params.id, estimatedValueCents: req.body.estimatedValueCents, log: req.log }),
  );

  app.delete(
    '/api/cards/:id/pinned-estimate',
    {
      config: { access: 'user' },
      schema: { description: 'Let a card follow its market value again.', params: cardIdParamsSchema, response: { 200: cardDetailSchema } },
    },
    async (req) => followMarket(ctx, signedInActor(req), { id: req.params.id, log: req.log }),
  );

  app.delete(
    '/api/cards/:id',
    {
      config: { access: 'user' },
      schema: { description: 'Delete one of your cards from the registry.', params: cardIdParamsSchema, response: { 200: deleteCardResponseSchema } },
    },
    async (req) => {
      await deleteCard(ctx, signedInActor(req), { id: req.params.id, log: req.log });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/cards/:id/images',
    {
      config: { access: 'user', openapi: { body: { contentType: 'multipart/form-data', schema: imageForm } } },
      schema: { description: 'Upload a card image.', params: cardIdParamsSchema, response: { 201: cardSchema } },
      // Refused before the body is read when it says it is too big.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES) throw tooLarge();
      },
    },
    async (req, reply) => {
      const actor = signedInActor(req);
      if (!req.isMultipart()) throw new AppError('unsupported_media_type', cardMessages.imageType);
      let side: CardImageSide | undefined;
      let data: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || data) {
              part.file.resume();
              continue;
            }
            data = await part.toBuffer();
          } else if (part.fieldname === 'side' && (cardImageSides as readonly unknown[]).includes(part.value)) {
            side = part.value as CardImageSide;
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw new AppError('bad_request', 'The upload could not be read');
      }
      if (!side) throw new AppError('bad_request', cardMessages.imageSide, { fieldErrors: { side: [cardMessages.imageSide] } });
      if (!data || data.length === 0)
        throw new AppError('bad_request', cardMessages.imageNoFile, { fieldErrors: { file: [cardMessages.imageNoFile] } });
      if (data.length > CARD_IMAGE_MAX_BYTES) throw tooLarge();
      return reply.status(201).send(await addImage(ctx, actor, { id: req.params.id, side, data, log: req.log }));
    },
  );

  app.get(
    '/api/cards/:id/images/:side',
    {
      config: { access: 'user' },
      schema: { description: "A card's front or back image.", params: cardImageParamsSchema, querystring: cardImageQuerySchema },
    },
    async (req, reply) => {
      const { data, at } = await readImage(ctx, signedInActor(req), { id: req.params.id, side: req.params.side, size: req.query.size });
      // Each upload has its own URL (?v=), so a private copy may be kept for a long time.
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=604800')
        .header('Last-Modified', at.toUTCString())
        .send(data);
    },
  );

  app.get(
    '/api/psa/cert/:certNumber',
    {
      config: { access: 'user' },
      schema: { description: 'Look up a PSA certificate.', params: certParamsSchema, response: { 200: psaCertResponseSchema } },
      onRequest: psaLimit,
    },
    async (req) => lookupCert(ctx, { certNumber: req.params.certNumber }),
  );

  app.post(
    '/api/admin/psa/bulk',
    {
      config: { access: 'admin' },
      schema: { description: 'Look up many PSA certificates.', body: psaBulkRequestSchema, response: { 200: psaBulkResponseSchema } },
    },
    async (req) => ({ results: await bulkLookup(ctx, req.body) }),
  );

  app.get(
    '/api/admin/cards',
    {
      config: { access: 'admin' },
      schema: {
        description: 'All cards in the registry, filtered and paged.',
        querystring: adminCardsQuerySchema,
        response: { 200: adminCardsResponseSchema },
      },
    },
    async (req) => adminCards(ctx, req.query),
  );

  app.patch(
    '/api/admin/cards/:id/custody',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Change the custody of a card.',
        params: cardIdParamsSchema,
        body: custodyChangeSchema,
        response: { 200: cardDetailSchema },
      },
    },
    async (req) => changeCustody(ctx, signedInActor(req), { id: req.params.id, change: req.body, log: req.log }),
  );

  app.patch(
    '/api/admin/cards/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Correct a card (held or not), with the reason; recorded in its provenance.',
        params: cardIdParamsSchema,
        body: cardCorrectionSchema,
        response: { 200: cardDetailSchema },
      },
    },
    async (req) => correctCard(ctx, signedInActor(req), { id: req.params.id, correction: req.body, log: req.log }),
  );

  app.put(
    '/api/admin/cards/:id/appraisal',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Record our appraisal of a card (the lending basis when the index has no price).',
        params: cardIdParamsSchema,
        body: cardAppraisalInputSchema,
        response: { 200: cardDetailSchema },
      },
    },
    async (req) => appraiseCard(ctx, signedInActor(req), { id: req.params.id, valueCents: req.body.valueCents, note: req.body.note, log: req.log }),
  );

  app.get(
    '/api/admin/users-with-cards',
    {
      config: { access: 'admin' },
      schema: { description: 'Members who own cards, for picking an owner.', response: { 200: usersWithCardsResponseSchema } },
    },
    async () => ({ users: await usersWithCards(ctx) }),
  );
};
