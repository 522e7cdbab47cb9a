import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListingOffersQuerySchema,
  adminListingOffersResponseSchema,
  counterListingOfferSchema,
  createListingOfferSchema,
  listingMinOfferSchema,
  listingOfferPaths as p,
  listingOfferSchema,
  listingOffersResponseSchema,
  userListingOffersSchema,
} from '#common/listing-offers.ts';
import { idParamsSchema } from '#common/marketplace.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  acceptListingOffer,
  adminListingOffers,
  counterListingOffer,
  declineListingOffer,
  makeListingOffer,
  myListingOffers,
  offersOnListing,
  setMinOffer,
  withdrawListingOffer,
} from './listing-offers.service.ts';

/** Offers a buyer may make in an hour; more is a script fishing for a price. */
export const LISTING_OFFERS_PER_MEMBER_PER_HOUR = 30;

/** Offers on listings (issue 34): a buyer offers below the asking price, the seller answers. */
export const listingOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const offerLimit = limitHook(app, [
    { name: 'listing-offer:user', max: LISTING_OFFERS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.get(
    p.listingOffers,
    {
      config: { access: 'user' },
      schema: {
        description: "Offers on a listing: all of them for its seller (an admin for a house listing), the caller's own otherwise.",
        params: idParamsSchema,
        response: { 200: listingOffersResponseSchema },
      },
    },
    async (req) => offersOnListing(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.post(
    p.listingOffers,
    {
      config: { access: 'user' },
      schema: {
        description: 'Make an offer below the asking price on an active listing.',
        params: idParamsSchema,
        body: createListingOfferSchema,
        response: { 201: listingOfferSchema },
      },
      onRequest: offerLimit,
    },
    async (req, reply) => reply.status(201).send(await makeListingOffer(ctx, signedInActor(req), { listingId: req.params.id, ...req.body })),
  );
  app.patch(
    p.listingMinOffer,
    {
      config: { access: 'user' },
      schema: {
        description: 'Set or clear the lowest offer a listing takes (its seller, or an admin for a house listing).',
        params: idParamsSchema,
        body: listingMinOfferSchema,
        response: { 200: listingOffersResponseSchema },
      },
    },
    async (req) => setMinOffer(ctx, signedInActor(req), { id: req.params.id, minOfferCents: req.body.minOfferCents }),
  );
  app.post(
    p.accept,
    {
      config: { access: 'user' },
      schema: {
        description: 'Accept an open offer (the seller) or a counter (the buyer): the listing is reserved for the buyer at that price.',
        params: idParamsSchema,
        response: { 200: listingOfferSchema },
      },
    },
    async (req) => acceptListingOffer(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.post(
    p.decline,
    {
      config: { access: 'user' },
      schema: {
        description: 'Decline an open offer (the seller) or a counter (the buyer).',
        params: idParamsSchema,
        response: { 200: listingOfferSchema },
      },
    },
    async (req) => declineListingOffer(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.post(
    p.counter,
    {
      config: { access: 'user' },
      schema: {
        description: 'Counter an open offer once, between the offer and the asking price.',
        params: idParamsSchema,
        body: counterListingOfferSchema,
        response: { 200: listingOfferSchema },
      },
    },
    async (req) => counterListingOffer(ctx, signedInActor(req), { id: req.params.id, amountCents: req.body.amountCents }),
  );
  app.post(
    p.withdraw,
    {
      config: { access: 'user' },
      schema: { description: 'Withdraw your open offer.', params: idParamsSchema, response: { 200: listingOfferSchema } },
    },
    async (req) => withdrawListingOffer(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.get(
    p.userOffers,
    {
      config: { access: 'user' },
      schema: { description: 'The offers you made and the offers on your listings.', response: { 200: userListingOffersSchema } },
    },
    async (req) => myListingOffers(ctx, signedInActor(req)),
  );
  app.get(
    p.adminOffers,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Offers on house listings, by status.',
        querystring: adminListingOffersQuerySchema,
        response: { 200: adminListingOffersResponseSchema },
      },
    },
    async (req) => adminListingOffers(ctx, signedInActor(req), req.query),
  );
};
