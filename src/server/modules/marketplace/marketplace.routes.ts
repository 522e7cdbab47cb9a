import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListingSchema,
  adminListingsQuerySchema,
  adminListingsResponseSchema,
  adminSalesQuerySchema,
  adminSalesResponseSchema,
  createListingSchema,
  houseCardsResponseSchema,
  idParamsSchema,
  listingDetailSchema,
  listingsQuerySchema,
  listingsResponseSchema,
  marketplacePaths as p,
  okResponseSchema,
  patchListingSchema,
  patchSaleSchema,
  reserveResponseSchema,
  saleRowSchema,
  secureAnalyticsQuerySchema,
  secureAnalyticsResponseSchema,
  secureViewBeaconSchema,
  secureViewCreateSchema,
  secureViewCreatedSchema,
  secureViewUpdateSchema,
  userSalesResponseSchema,
} from '#common/marketplace.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  adminListings,
  browseListings,
  cancelReservation,
  createHouseListing,
  listableHouseCards,
  listingDetail,
  patchListing,
  reserveListing,
} from './listings.service.ts';
import { adminSales, adminSalesCsv, markPayoutPaid, userSales } from './sales.service.ts';
import { endView, secureAnalytics, startView } from './secure-analytics.service.ts';
import { offersRoutes } from './offers.routes.ts';
import { listingOffersRoutes } from './listing-offers.routes.ts';

/** A buyer reserves a handful of cards an hour; more is a script holding the market hostage. */
export const RESERVES_PER_MEMBER_PER_HOUR = 30;

/** Private MarketPlace (domain.md): listings, buying, sales and secure view analytics. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reserveLimit = limitHook(app, [
    { name: 'listing-reserve:user', max: RESERVES_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.get(
    p.listings,
    {
      config: { access: 'user' },
      schema: { description: 'Listings on the market.', querystring: listingsQuerySchema, response: { 200: listingsResponseSchema } },
    },
    async (req) => browseListings(ctx, signedInActor(req), req.query),
  );

  app.get(
    p.listing,
    { config: { access: 'user' }, schema: { description: 'One listing.', params: idParamsSchema, response: { 200: listingDetailSchema } } },
    async (req) => listingDetail(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.post(
    p.reserve,
    {
      config: { access: 'user' },
      schema: {
        description: 'Reserve a listing for 15 minutes and get its invoice.',
        params: idParamsSchema,
        response: { 200: reserveResponseSchema },
      },
      onRequest: reserveLimit,
    },
    async (req) => reserveListing(ctx, signedInActor(req), { id: req.params.id }),
  );

  app.post(
    p.cancelReservation,
    {
      config: { access: 'user' },
      schema: { description: 'Let go of your reservation on a listing.', params: idParamsSchema, response: { 200: listingDetailSchema } },
    },
    async (req) => cancelReservation(ctx, signedInActor(req), { id: req.params.id }),
  );

  // Admin listing management (house inventory).
  app.get(
    p.adminHouseCards,
    { config: { access: 'admin' }, schema: { description: 'House cards that can be listed now.', response: { 200: houseCardsResponseSchema } } },
    async (req) => ({
      cards: await listableHouseCards(ctx, signedInActor(req)),
    }),
  );

  app.get(
    p.adminListings,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Every listing, by status and text.',
        querystring: adminListingsQuerySchema,
        response: { 200: adminListingsResponseSchema },
      },
    },
    async (req) => ({
      listings: await adminListings(ctx, signedInActor(req), req.query),
    }),
  );

  app.post(
    p.adminListings,
    { config: { access: 'admin' }, schema: { description: 'List a house card.', body: createListingSchema, response: { 201: adminListingSchema } } },
    async (req, reply) => reply.status(201).send(await createHouseListing(ctx, signedInActor(req), req.body)),
  );

  app.patch(
    p.adminListing,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Reprice, withdraw or feature a listing.',
        params: idParamsSchema,
        body: patchListingSchema,
        response: { 200: adminListingSchema },
      },
    },
    async (req) => patchListing(ctx, signedInActor(req), { id: req.params.id, patch: req.body }),
  );

  // Sales.
  app.get(
    p.userSales,
    { config: { access: 'user' }, schema: { description: 'What you bought and sold.', response: { 200: userSalesResponseSchema } } },
    async (req) => userSales(ctx, signedInActor(req)),
  );

  app.get(
    p.adminSales,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Sales and their totals over a period.',
        querystring: adminSalesQuerySchema,
        response: { 200: adminSalesResponseSchema },
      },
    },
    async (req) => adminSales(ctx, signedInActor(req), req.query),
  );

  app.get(
    p.adminSalesCsv,
    { config: { access: 'admin' }, schema: { description: 'Sales over a period as a CSV file.', querystring: adminSalesQuerySchema } },
    async (req, reply) => {
      const csv = await adminSalesCsv(ctx, signedInActor(req), req.query);
      const name = `sales-${req.query.from ?? 'all'}-to-${req.query.to ?? 'today'}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  );

  app.patch(
    p.adminSale,
    {
      config: { access: 'admin' },
      schema: { description: 'Mark the payout to a seller paid.', params: idParamsSchema, body: patchSaleSchema, response: { 200: saleRowSchema } },
    },
    async (req) => markPayoutPaid(ctx, signedInActor(req), { id: req.params.id }),
  );

  // Secure view analytics (spec §7): failures are silent in the UI, so answers stay small.
  app.post(
    p.secureView,
    {
      config: { access: 'user' },
      schema: { description: 'Record a view of a card page.', body: secureViewCreateSchema, response: { 200: secureViewCreatedSchema } },
    },
    async (req) => startView(ctx, signedInActor(req), { cardId: req.body.cardId }),
  );

  app.patch(
    p.secureViewRecord,
    {
      config: { access: 'user' },
      schema: {
        description: 'Record the time spent on a card page view.',
        params: idParamsSchema,
        body: secureViewUpdateSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (req) => endView(ctx, signedInActor(req), { id: req.params.id, timeSpentSeconds: req.body.timeSpentSeconds }),
  );

  // The same update as navigator.sendBeacon sends it on unload: a POST with a text/plain JSON body.
  app.post(
    p.secureViewRecord,
    {
      config: { access: 'user', beacon: true },
      schema: {
        description: 'Record the time spent on a card page view, sent as a beacon.',
        params: idParamsSchema,
        body: secureViewBeaconSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (req) => endView(ctx, signedInActor(req), { id: req.params.id, timeSpentSeconds: req.body.timeSpentSeconds }),
  );

  app.get(
    p.adminSecureAnalytics,
    {
      config: { access: 'admin' },
      schema: {
        description: 'Views of each card page over a period.',
        querystring: secureAnalyticsQuerySchema,
        response: { 200: secureAnalyticsResponseSchema },
      },
    },
    async (req) => secureAnalytics(ctx, signedInActor(req), req.query),
  );

  await app.register(offersRoutes);
  await app.register(listingOffersRoutes);
};
