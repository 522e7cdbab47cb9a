import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCardRequestPatchSchema,
  adminCardRequestsQuerySchema,
  adminPromotionPatchSchema,
  adminPromotionsQuerySchema,
  adminSellPatchSchema,
  adminSellsQuerySchema,
  cardRequestSchema,
  cardRequestsResponseSchema,
  createCardRequestSchema,
  createPromotionRequestSchema,
  createSellOfferSchema,
  idParamsSchema,
  marketplacePaths as p,
  memberCardRequestPatchSchema,
  memberPromotionPatchSchema,
  memberSellPatchSchema,
  promotionRequestSchema,
  promotionRequestsResponseSchema,
  sellOfferSchema,
  sellOffersResponseSchema,
} from '#common/marketplace.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  adminCardRequestAction,
  adminCardRequests,
  adminPromotionAction,
  adminPromotions,
  adminSellAction,
  adminSellOffers,
  cancelCardRequest,
  cancelPromotion,
  createCardRequest,
  createPromotion,
  createSellOffer,
  memberSellAction,
  myCardRequests,
  myPromotions,
  mySellOffers,
} from './offers.service.ts';

/** Requests, offers and promotion asks a member may file in an hour; more is a script. */
export const OFFERS_PER_MEMBER_PER_HOUR = 30;

/** Card requests, sell offers to the house and promotion requests (domain.md). */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const postLimit = limitHook(app, [
    { name: 'market-offer:user', max: OFFERS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  // Card requests.
  app.get(
    p.userRequests,
    { config: { access: 'user' }, schema: { description: 'Your card requests.', response: { 200: cardRequestsResponseSchema } } },
    async (req) => ({
      requests: await myCardRequests(ctx, signedInActor(req)),
    }),
  );
  app.post(
    p.userRequests,
    {
      config: { access: 'user' },
      schema: { description: 'Ask to list a card or take it into the vault.', body: createCardRequestSchema, response: { 201: cardRequestSchema } },
      onRequest: postLimit,
    },
    async (req, reply) => reply.status(201).send(await createCardRequest(ctx, signedInActor(req), req.body)),
  );
  app.patch(
    p.userRequest,
    {
      config: { access: 'user' },
      schema: {
        description: 'Cancel one of your card requests.',
        params: idParamsSchema,
        body: memberCardRequestPatchSchema,
        response: { 200: cardRequestSchema },
      },
    },
    async (req) => cancelCardRequest(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.get(
    p.adminRequests,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Card requests to review, by status.',
        querystring: adminCardRequestsQuerySchema,
        response: { 200: cardRequestsResponseSchema },
      },
    },
    async (req) => ({
      requests: await adminCardRequests(ctx, signedInActor(req), req.query),
    }),
  );
  app.patch(
    p.adminRequest,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Approve, reject or confirm receipt of a card request.',
        params: idParamsSchema,
        body: adminCardRequestPatchSchema,
        response: { 200: cardRequestSchema },
      },
    },
    async (req) => adminCardRequestAction(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );

  // Sell offers to the house.
  app.get(
    p.userSells,
    { config: { access: 'user' }, schema: { description: 'Your sell offers to the house.', response: { 200: sellOffersResponseSchema } } },
    async (req) => ({
      offers: await mySellOffers(ctx, signedInActor(req)),
    }),
  );
  app.post(
    p.userSells,
    {
      config: { access: 'user' },
      schema: { description: 'Offer one of your cards to the house.', body: createSellOfferSchema, response: { 201: sellOfferSchema } },
      onRequest: postLimit,
    },
    async (req, reply) => reply.status(201).send(await createSellOffer(ctx, signedInActor(req), req.body)),
  );
  app.patch(
    p.userSell,
    {
      config: { access: 'user' },
      schema: {
        description: 'Accept or decline the counter to your sell offer, or withdraw it.',
        params: idParamsSchema,
        body: memberSellPatchSchema,
        response: { 200: sellOfferSchema },
      },
    },
    async (req) => memberSellAction(ctx, signedInActor(req), { id: req.params.id, action: req.body.action }),
  );
  app.get(
    p.adminSells,
    {
      config: { access: 'admin' },
      schema: { description: 'Sell offers to review, by status.', querystring: adminSellsQuerySchema, response: { 200: sellOffersResponseSchema } },
    },
    async (req) => ({
      offers: await adminSellOffers(ctx, signedInActor(req), req.query),
    }),
  );
  app.patch(
    p.adminSell,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Accept, reject or counter a sell offer.',
        params: idParamsSchema,
        body: adminSellPatchSchema,
        response: { 200: sellOfferSchema },
      },
    },
    async (req) => adminSellAction(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );

  // Promotion requests.
  app.get(
    p.userPromotionRequests,
    { config: { access: 'user' }, schema: { description: 'Your promotion requests.', response: { 200: promotionRequestsResponseSchema } } },
    async (req) => ({
      requests: await myPromotions(ctx, signedInActor(req)),
    }),
  );
  app.post(
    p.userPromotionRequests,
    {
      config: { access: 'user' },
      schema: { description: 'Ask for your listing to be featured.', body: createPromotionRequestSchema, response: { 201: promotionRequestSchema } },
      onRequest: postLimit,
    },
    async (req, reply) => reply.status(201).send(await createPromotion(ctx, signedInActor(req), req.body)),
  );
  app.patch(
    p.userPromotionRequest,
    {
      config: { access: 'user' },
      schema: {
        description: 'Withdraw one of your promotion requests.',
        params: idParamsSchema,
        body: memberPromotionPatchSchema,
        response: { 200: promotionRequestSchema },
      },
    },
    async (req) => cancelPromotion(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.get(
    p.adminPromotionRequests,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Promotion requests to review, by status.',
        querystring: adminPromotionsQuerySchema,
        response: { 200: promotionRequestsResponseSchema },
      },
    },
    async (req) => ({ requests: await adminPromotions(ctx, signedInActor(req), req.query) }),
  );
  app.patch(
    p.adminPromotionRequest,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Approve or decline a promotion request.',
        params: idParamsSchema,
        body: adminPromotionPatchSchema,
        response: { 200: promotionRequestSchema },
      },
    },
    async (req) => adminPromotionAction(ctx, signedInActor(req), { id: req.params.id, ...req.body }),
  );
};
