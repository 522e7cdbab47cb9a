import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardImageQuerySchema, cardImageSides } from '#common/cards.ts';
import {
  adminFundDetailSchema,
  adminFundsResponseSchema,
  allocationFundsResponseSchema,
  candidateCardsQuerySchema,
  candidateCardsResponseSchema,
  clientFundPositionsResponseSchema,
  createFundSchema,
  decideRequestSchema,
  disposeHoldingSchema,
  addHoldingSchema,
  fundCardParamsSchema,
  fundDetailSchema,
  fundHoldingDetailSchema,
  fundHoldingParamsSchema,
  fundIdParamsSchema,
  fundPositionsResponseSchema,
  fundRequestCreatedSchema,
  fundRequestParamsSchema,
  fundRequestSchema,
  fundsListResponseSchema,
  fundTransactionParamsSchema,
  fundTransactionSchema,
  markHoldingSchema,
  patchFundSchema,
  recordTransactionSchema,
  redemptionRequestInputSchema,
  runValuationSchema,
  subscriptionRequestInputSchema,
  valuationPreviewSchema,
} from '#common/funds.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  addHolding,
  adminFundDetail,
  adminFunds,
  cancelTransaction,
  candidateCards,
  clientPositions,
  createFund,
  decideRequest,
  disposeHolding,
  fundDetail,
  holdingDetail,
  holdingImage,
  listFunds,
  markHolding,
  myPositions,
  openFunds,
  patchFund,
  recordTransaction,
  requestRedemption,
  requestSubscription,
} from './funds.service.ts';
import { previewValuation, runValuation } from './funds.valuation.ts';

/** A member asks to invest or redeem a few times a day; more in an hour is a script. */
export const FUND_REQUESTS_PER_MEMBER_PER_HOUR = 20;

const imageParams = fundCardParamsSchema.extend({ side: z.enum(cardImageSides) });
const clientParams = z.object({ id: z.uuid({ error: 'Client not found' }) });

/**
 * Funds (domain.md: Funds and the index). Members read funds and their own positions and ask to
 * invest or redeem; admins run holdings and valuations; managers and admins execute requests and
 * record transactions (a manager for their own clients). Money-moving calls refuse impersonation.
 */
export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const requestLimit = limitHook(app, [
    { name: 'fund-request:user', max: FUND_REQUESTS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);
  const staff = { access: 'manager' as const };
  const money = { access: 'admin' as const };

  // Members
  app.get(
    '/api/funds',
    { config: { access: 'user' }, schema: { description: 'Funds, with your positions.', response: { 200: fundsListResponseSchema } } },
    async (req) => listFunds(ctx, signedInActor(req)),
  );
  app.get(
    '/api/funds/open-for-allocation',
    {
      config: { access: 'user' },
      schema: { description: 'Open funds a new client may allocate to.', response: { 200: allocationFundsResponseSchema } },
    },
    async () => openFunds(ctx),
  );
  app.get(
    '/api/funds/:id',
    {
      config: { access: 'user' },
      schema: { description: 'One fund, with your position and requests.', params: fundIdParamsSchema, response: { 200: fundDetailSchema } },
    },
    async (req) => fundDetail(ctx, signedInActor(req), { id: req.params.id }),
  );
  app.get(
    '/api/funds/:fundId/cards/:cardId',
    {
      config: { access: 'user' },
      schema: { description: 'One card held by a fund.', params: fundCardParamsSchema, response: { 200: fundHoldingDetailSchema } },
    },
    async (req) => holdingDetail(ctx, signedInActor(req), req.params),
  );
  app.get(
    '/api/funds/:fundId/cards/:cardId/images/:side',
    {
      config: { access: 'user' },
      schema: { description: 'A photo of a card held by a fund.', params: imageParams, querystring: cardImageQuerySchema },
    },
    async (req, reply) => {
      const { data, at } = await holdingImage(ctx, signedInActor(req), { ...req.params, size: req.query.size });
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=604800')
        .header('Last-Modified', at.toUTCString())
        .send(data);
    },
  );
  app.get(
    '/api/user/fund-positions',
    { config: { access: 'user' }, schema: { description: 'Your fund positions.', response: { 200: fundPositionsResponseSchema } } },
    async (req) => myPositions(ctx, signedInActor(req)),
  );
  app.post(
    '/api/funds/:id/subscription-requests',
    {
      config: { access: 'user' },
      schema: {
        description: 'Ask to invest in a fund.',
        params: fundIdParamsSchema,
        body: subscriptionRequestInputSchema,
        response: { 201: fundRequestCreatedSchema },
      },
      onRequest: requestLimit,
    },
    async (req, reply) => reply.status(201).send(await requestSubscription(ctx, signedInActor(req), { fundId: req.params.id, ...req.body })),
  );
  app.post(
    '/api/funds/:id/redemption-requests',
    {
      config: { access: 'user' },
      schema: {
        description: 'Ask to redeem units of a fund.',
        params: fundIdParamsSchema,
        body: redemptionRequestInputSchema,
        response: { 201: fundRequestCreatedSchema },
      },
      onRequest: requestLimit,
    },
    async (req, reply) => reply.status(201).send(await requestRedemption(ctx, signedInActor(req), { fundId: req.params.id, ...req.body })),
  );

  // Managers: their client's positions
  app.get(
    '/api/manager/clients/:id/fund-positions',
    {
      config: staff,
      schema: { description: 'Fund positions of a client.', params: clientParams, response: { 200: clientFundPositionsResponseSchema } },
    },
    async (req) => clientPositions(ctx, signedInActor(req), { onboardingId: req.params.id }),
  );

  // Staff: the funds, their requests and transactions. Admins under /api/admin, managers (their
  // own clients only, decided in the service) the same calls under /api/manager.
  for (const [base, access] of [
    ['/api/admin/funds', 'admin'],
    ['/api/manager/funds', 'manager'],
  ] as const) {
    app.get(
      base,
      { config: { access }, schema: { description: 'Every fund, in summary.', response: { 200: adminFundsResponseSchema } } },
      async (req) => adminFunds(ctx, signedInActor(req)),
    );
    app.get(
      `${base}/:id`,
      {
        config: { access },
        schema: {
          description: 'One fund, with everything its manage page shows.',
          params: fundIdParamsSchema,
          response: { 200: adminFundDetailSchema },
        },
      },
      async (req) => adminFundDetail(ctx, signedInActor(req), { id: req.params.id }),
    );
    app.post(
      `${base}/:id/transactions`,
      {
        config: { access },
        schema: {
          description: 'Record a subscription or redemption for a member.',
          params: fundIdParamsSchema,
          body: recordTransactionSchema,
          response: { 201: fundTransactionSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await recordTransaction(ctx, signedInActor(req), { fundId: req.params.id, tx: req.body })),
    );
    app.post(
      `${base}/:id/transactions/:transactionId/cancel`,
      {
        config: { access },
        schema: {
          description: 'Cancel a fund transaction still awaiting valuation.',
          params: fundTransactionParamsSchema,
          response: { 200: fundTransactionSchema },
        },
      },
      async (req) => cancelTransaction(ctx, signedInActor(req), { fundId: req.params.id, transactionId: req.params.transactionId }),
    );
    app.post(
      `${base}/:id/requests/:requestId/decision`,
      {
        config: { access },
        schema: {
          description: 'Accept or decline a request to invest or redeem.',
          params: fundRequestParamsSchema,
          body: decideRequestSchema,
          response: { 200: fundRequestSchema },
        },
      },
      async (req) => decideRequest(ctx, signedInActor(req), { fundId: req.params.id, requestId: req.params.requestId, decision: req.body }),
    );
  }

  // Admins: the fund, holdings, valuations
  app.post(
    '/api/admin/funds',
    { config: money, schema: { description: 'Create a fund.', body: createFundSchema, response: { 201: adminFundDetailSchema } } },
    async (req, reply) => reply.status(201).send(await createFund(ctx, signedInActor(req), { fund: req.body })),
  );
  app.patch(
    '/api/admin/funds/:id',
    {
      config: money,
      schema: {
        description: 'Edit the facts and status of a fund.',
        params: fundIdParamsSchema,
        body: patchFundSchema,
        response: { 200: adminFundDetailSchema },
      },
    },
    async (req) => patchFund(ctx, signedInActor(req), { id: req.params.id, patch: req.body }),
  );
  app.get(
    '/api/admin/funds/:id/candidate-cards',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Vaulted cards free to put into a fund.',
        params: fundIdParamsSchema,
        querystring: candidateCardsQuerySchema,
        response: { 200: candidateCardsResponseSchema },
      },
    },
    async (req) => candidateCards(ctx, signedInActor(req), { fundId: req.params.id, q: req.query.q }),
  );
  app.post(
    '/api/admin/funds/:id/holdings',
    {
      config: money,
      schema: {
        description: 'Put a vaulted card into a fund.',
        params: fundIdParamsSchema,
        body: addHoldingSchema,
        response: { 201: adminFundDetailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await addHolding(ctx, signedInActor(req), { fundId: req.params.id, holding: req.body })),
  );
  app.post(
    '/api/admin/funds/:id/holdings/:holdingId/marks',
    {
      config: money,
      schema: {
        description: 'Set a manual mark on a holding.',
        params: fundHoldingParamsSchema,
        body: markHoldingSchema,
        response: { 201: adminFundDetailSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await markHolding(ctx, signedInActor(req), { fundId: req.params.id, holdingId: req.params.holdingId, mark: req.body })),
  );
  app.post(
    '/api/admin/funds/:id/holdings/:holdingId/dispose',
    {
      config: money,
      schema: {
        description: 'Record a holding sold, its proceeds into cash.',
        params: fundHoldingParamsSchema,
        body: disposeHoldingSchema,
        response: { 200: adminFundDetailSchema },
      },
    },
    async (req) => disposeHolding(ctx, signedInActor(req), { fundId: req.params.id, holdingId: req.params.holdingId, disposal: req.body }),
  );
  app.post(
    '/api/admin/funds/:id/valuations/preview',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Preview a valuation without saving it.',
        params: fundIdParamsSchema,
        body: runValuationSchema,
        response: { 200: valuationPreviewSchema },
      },
    },
    async (req) => previewValuation(ctx, signedInActor(req), { fundId: req.params.id, valuedOn: req.body.valuedOn }),
  );
  app.post(
    '/api/admin/funds/:id/valuations',
    {
      config: money,
      schema: {
        description: 'Run a valuation.',
        params: fundIdParamsSchema,
        body: runValuationSchema,
        response: { 201: valuationPreviewSchema.extend({ id: z.string() }) },
      },
    },
    async (req, reply) => reply.status(201).send(await runValuation(ctx, signedInActor(req), { fundId: req.params.id, valuedOn: req.body.valuedOn })),
  );
};
