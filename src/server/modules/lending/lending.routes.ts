import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoanPatchSchema,
  adminLoanResponseSchema,
  adminLoansQuerySchema,
  adminLoansResponseSchema,
  applyLoanSchema,
  lendingPolicyResponseSchema,
  loanIdParamsSchema,
  loanResponseSchema,
  patchLendingPolicySchema,
  payoffResponseSchema,
  quoteQuerySchema,
  quoteResponseSchema,
  userLoansResponseSchema,
} from '#common/lending.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { limitHook } from '#server/plugins/rate-limit.ts';
import {
  acceptOffer,
  adminLoan,
  adminLoans,
  adminPatchLoan,
  applyForLoan,
  declineOffer,
  myLoan,
  myLoans,
  quoteLoan,
  requestPayoff,
  takeCollateral,
} from './lending.service.ts';
import { lendingPolicyView, patchLendingPolicy } from './lending.settings.ts';

/** A member applies for a few loans a day; more in an hour is a script. */
export const LOAN_APPLICATIONS_PER_MEMBER_PER_HOUR = 10;

/** Lending (domain.md: Lending): applications, offers, repayment, the admins' review and policy. */
export const lendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const applyLimit = limitHook(app, [
    { name: 'loan-apply:user', max: LOAN_APPLICATIONS_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.get(
    '/api/user/loans',
    { config: { access: 'user' }, schema: { description: 'Your loans.', response: { 200: userLoansResponseSchema } } },
    async (req) => myLoans(ctx, signedInActor(req)),
  );

  app.get(
    '/api/user/loans/:id',
    { config: { access: 'user' }, schema: { description: 'One of your loans.', params: loanIdParamsSchema, response: { 200: loanResponseSchema } } },
    async (req) => ({
      loan: await myLoan(ctx, signedInActor(req), { id: req.params.id }),
    }),
  );

  app.get(
    '/api/loans/quote',
    {
      config: { access: 'user' },
      schema: { description: 'What a loan against your cards would cost.', querystring: quoteQuerySchema, response: { 200: quoteResponseSchema } },
    },
    async (req) => quoteLoan(ctx, signedInActor(req), req.query),
  );

  app.post(
    '/api/loans',
    {
      config: { access: 'user' },
      schema: { description: 'Apply for a loan.', body: applyLoanSchema, response: { 201: loanResponseSchema } },
      onRequest: applyLimit,
    },
    async (req, reply) => reply.status(201).send({ loan: await applyForLoan(ctx, signedInActor(req), { application: req.body }) }),
  );

  app.post(
    '/api/loans/:id/accept-offer',
    {
      config: { access: 'user' },
      schema: { description: 'Accept the offer on your loan.', params: loanIdParamsSchema, response: { 200: loanResponseSchema } },
    },
    async (req) => ({ loan: await acceptOffer(ctx, signedInActor(req), { id: req.params.id }) }),
  );

  app.post(
    '/api/loans/:id/decline-offer',
    {
      config: { access: 'user' },
      schema: { description: 'Decline the offer on your loan.', params: loanIdParamsSchema, response: { 200: loanResponseSchema } },
    },
    async (req) => ({ loan: await declineOffer(ctx, signedInActor(req), { id: req.params.id }) }),
  );

  app.post(
    '/api/loans/:id/payoff',
    {
      config: { access: 'user' },
      schema: { description: 'An invoice to pay off your loan today.', params: loanIdParamsSchema, response: { 201: payoffResponseSchema } },
    },
    async (req, reply) => reply.status(201).send(await requestPayoff(ctx, signedInActor(req), { id: req.params.id })),
  );

  app.get(
    '/api/admin/loans',
    {
      config: { access: 'admin' },
      schema: { description: 'Loans to review, by status.', querystring: adminLoansQuerySchema, response: { 200: adminLoansResponseSchema } },
    },
    async (req) => adminLoans(ctx, signedInActor(req), req.query),
  );

  app.get(
    '/api/admin/loans/:id',
    {
      config: { access: 'admin' },
      schema: { description: 'One loan, for review.', params: loanIdParamsSchema, response: { 200: adminLoanResponseSchema } },
    },
    async (req) => ({
      loan: await adminLoan(ctx, signedInActor(req), { id: req.params.id }),
    }),
  );

  app.patch(
    '/api/admin/loans/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Offer, reject, fund, mark paid or default a loan.',
        params: loanIdParamsSchema,
        body: adminLoanPatchSchema,
        response: { 200: adminLoanResponseSchema },
      },
    },
    async (req) => ({ loan: await adminPatchLoan(ctx, signedInActor(req), { id: req.params.id, patch: req.body }) }),
  );

  app.post(
    '/api/admin/loans/:id/take-collateral',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Take the collateral of a defaulted loan for the house.',
        params: loanIdParamsSchema,
        response: { 200: adminLoanResponseSchema },
      },
    },
    async (req) => ({ loan: await takeCollateral(ctx, signedInActor(req), { id: req.params.id }) }),
  );

  app.get(
    '/api/admin/settings/lending',
    { config: { access: 'admin' }, schema: { description: 'The lending policy.', response: { 200: lendingPolicyResponseSchema } } },
    async () => lendingPolicyView(ctx),
  );

  app.patch(
    '/api/admin/settings/lending',
    {
      config: { access: 'admin' },
      schema: { description: 'Change the lending policy.', body: patchLendingPolicySchema, response: { 200: lendingPolicyResponseSchema } },
    },
    async (req) => patchLendingPolicy(ctx, req.actor, { patch: req.body }),
  );
};
