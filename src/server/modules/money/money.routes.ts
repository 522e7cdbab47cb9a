import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvoicesQuerySchema,
  adminInvoicesResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionSchema,
  createFeeTemplateSchema,
  createRefundSchema,
  createInvoiceSchema,
  feeTemplateSchema,
  feeTemplatesResponseSchema,
  idParamsSchema,
  invoiceResponseSchema,
  okResponseSchema,
  patchFeeTemplateSchema,
  patchInvoiceSchema,
  refundResponseSchema,
  refundsResponseSchema,
  sessionParamsSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionPlansResponseSchema,
  userInvoicesResponseSchema,
  userSubscriptionResponseSchema,
} from '#common/money.ts';
import { reconcileRequestSchema, reconciliationSchema, reconciliationsResponseSchema } from '#common/ledger.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import { createFeeTemplate, deleteFeeTemplate, listFeeTemplates, patchFeeTemplate } from './fee-templates.service.ts';
import {
  adminInvoice,
  adminInvoicePdf,
  adminInvoices,
  createInvoice,
  memberInvoice,
  memberInvoicePdf,
  memberInvoices,
  patchInvoice,
} from './invoices.service.ts';
import { invoiceRefunds, refundInvoice } from './invoice-refunds.service.ts';
import type { MoneyContext } from './money.context.ts';
import { checkout, checkoutSession, completeTestPayment, declineTestPayment, handleStripeWebhook } from './payments.service.ts';
import { listReconciliations, reconcileDay } from './reconciliation.service.ts';
import { cancelSubscription, listPlans, mySubscription, subscribe } from './subscriptions.service.ts';

const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

// Impersonation is read-only (plugins/auth.ts): an admin viewing as the member may read invoices
// and the plan; money is never moved on someone's behalf.
const user = { access: 'user' } as const;
const userRead = { access: 'user' } as const;
const admin = { access: 'admin' } as const;

/** Fees, invoices, payments, subscriptions (domain.md): admin invoicing, member checkout, memberships. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: MoneyContext = app.ctx;
  const checkoutLimit = limitHook(app, [{ name: 'checkout:user', max: 30, windowMs: 60 * 60_000, key: (req) => req.user?.id }]);

  // Fee templates (admin)
  app.get(
    '/api/admin/fee-templates',
    { config: admin, schema: { description: 'All fee templates.', response: { 200: feeTemplatesResponseSchema } } },
    async (req) => ({
      templates: await listFeeTemplates(ctx, signedInActor(req)),
    }),
  );
  app.post(
    '/api/admin/fee-templates',
    { config: admin, schema: { description: 'Create a fee template.', body: createFeeTemplateSchema, response: { 201: feeTemplateSchema } } },
    async (req, reply) => reply.status(201).send(await createFeeTemplate(ctx, signedInActor(req), { template: req.body })),
  );
  app.patch(
    '/api/admin/fee-templates/:id',
    {
      config: admin,
      schema: { description: 'Edit a fee template.', params: idParamsSchema, body: patchFeeTemplateSchema, response: { 200: feeTemplateSchema } },
    },
    async (req) => patchFeeTemplate(ctx, signedInActor(req), { id: req.params.id, patch: req.body }),
  );
  app.delete(
    '/api/admin/fee-templates/:id',
    { config: admin, schema: { description: 'Delete a fee template.', params: idParamsSchema, response: { 200: okResponseSchema } } },
    async (req) => {
      await deleteFeeTemplate(ctx, signedInActor(req), { id: req.params.id });
      return { ok: true as const };
    },
  );

  // Invoices (admin)
  app.get(
    '/api/admin/invoices',
    {
      config: admin,
      schema: {
        description: 'Invoices, filtered and paged, with totals.',
        querystring: adminInvoicesQuerySchema,
        response: { 200: adminInvoicesResponseSchema },
      },
    },
    async (req) => adminInvoices(ctx, signedInActor(req), req.query),
  );
  app.post(
    '/api/admin/invoices',
    { config: admin, schema: { description: 'Create an invoice.', body: createInvoiceSchema, response: { 201: invoiceResponseSchema } } },
    async (req, reply) => reply.status(201).send({ invoice: await createInvoice(ctx, signedInActor(req), { invoice: req.body }) }),
  );
  app.get(
    '/api/admin/invoices/:id',
    {
      config: admin,
      schema: { description: 'One invoice with its lines and payments.', params: idParamsSchema, response: { 200: invoiceResponseSchema } },
    },
    async (req) => ({
      invoice: await adminInvoice(ctx, signedInActor(req), { id: req.params.id }),
    }),
  );
  app.patch(
    '/api/admin/invoices/:id',
    {
      config: admin,
      schema: {
        description: 'Edit, send or void an invoice.',
        params: idParamsSchema,
        body: patchInvoiceSchema,
        response: { 200: invoiceResponseSchema },
      },
    },
    async (req) => ({ invoice: await patchInvoice(ctx, signedInActor(req), { id: req.params.id, patch: req.body }) }),
  );
  app.get(
    '/api/admin/invoices/:id/pdf',
    { config: admin, schema: { description: 'One invoice as a PDF.', params: idParamsSchema } },
    async (req, reply) => {
      const { number, pdf } = await adminInvoicePdf(ctx, signedInActor(req), { id: req.params.id });
      return sendPdf(reply, number, pdf);
    },
  );

  app.post(
    '/api/admin/invoices/:id/refunds',
    {
      config: admin,
      schema: {
        description: 'Refund a paid invoice, fully or in part. An `Idempotency-Key` header makes a retried request one refund.',
        params: idParamsSchema,
        body: createRefundSchema,
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        response: { 200: refundResponseSchema, 201: refundResponseSchema },
      },
    },
    async (req, reply) => {
      const { replay, ...out } = await refundInvoice(ctx, signedInActor(req), {
        invoiceId: req.params.id,
        body: req.body,
        idempotencyKey: req.headers['idempotency-key'],
      });
      return reply.status(replay ? 200 : 201).send(out);
    },
  );
  // Reconciliation (decision 138): the clearing account against the provider, one day at a time.
  app.get(
    '/api/admin/ledger/reconciliations',
    { config: admin, schema: { description: 'The latest reconciliation runs, newest day first.', response: { 200: reconciliationsResponseSchema } } },
    async (req) => listReconciliations(ctx, signedInActor(req)),
  );
  app.post(
    '/api/admin/ledger/reconciliations',
    {
      config: admin,
      schema: {
        summary: 'Reconcile one day with the provider',
        description: "Compare one UTC day of the provider clearing account with the provider's payments and refunds.",
        body: reconcileRequestSchema,
        response: { 201: reconciliationSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await reconcileDay(ctx, signedInActor(req), { day: req.body.day })),
  );
  app.get(
    '/api/admin/invoices/:id/refunds',
    {
      config: admin,
      schema: { description: "An invoice's refunds, newest first.", params: idParamsSchema, response: { 200: refundsResponseSchema } },
    },
    async (req) => ({
      refunds: await invoiceRefunds(ctx, { invoiceId: req.params.id }),
    }),
  );

  // Invoices (member)
  app.get(
    '/api/user/invoices',
    { config: userRead, schema: { description: 'Your invoices.', response: { 200: userInvoicesResponseSchema } } },
    async (req) => ({
      invoices: await memberInvoices(ctx, signedInActor(req)),
    }),
  );
  app.get(
    '/api/user/invoices/:id',
    { config: userRead, schema: { description: 'One of your invoices.', params: idParamsSchema, response: { 200: invoiceResponseSchema } } },
    async (req) => ({
      invoice: await memberInvoice(ctx, signedInActor(req), { id: req.params.id }),
    }),
  );
  app.get(
    '/api/user/invoices/:id/pdf',
    { config: userRead, schema: { description: 'One of your invoices as a PDF.', params: idParamsSchema } },
    async (req, reply) => {
      const { number, pdf } = await memberInvoicePdf(ctx, signedInActor(req), { id: req.params.id });
      return sendPdf(reply, number, pdf);
    },
  );

  // Checkout and the test provider's page
  app.post(
    '/api/checkout',
    {
      config: user,
      schema: { description: 'Start a checkout for an invoice.', body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
      onRequest: checkoutLimit,
    },
    async (req) => checkout(ctx, signedInActor(req), { invoiceId: req.body.invoiceId }),
  );
  app.get(
    '/api/checkout/session/:id',
    {
      config: userRead,
      schema: { description: 'The state of a checkout session.', params: sessionParamsSchema, response: { 200: checkoutSessionSchema } },
    },
    async (req) => checkoutSession(ctx, signedInActor(req), { sessionId: req.params.id }),
  );
  app.post(
    '/api/payment-test/:id/complete',
    { config: user, schema: { description: 'Complete a test payment.', params: sessionParamsSchema, response: { 200: checkoutSessionSchema } } },
    async (req) => completeTestPayment(ctx, signedInActor(req), { sessionId: req.params.id }),
  );
  app.post(
    '/api/payment-test/:id/decline',
    { config: user, schema: { description: 'Decline a test payment.', params: sessionParamsSchema, response: { 200: checkoutSessionSchema } } },
    async (req) => declineTestPayment(ctx, signedInActor(req), { sessionId: req.params.id }),
  );

  // Memberships
  app.get(
    '/api/subscription-plans',
    { config: userRead, schema: { description: 'The membership plans.', response: { 200: subscriptionPlansResponseSchema } } },
    async () => ({ plans: await listPlans(ctx) }),
  );
  app.post(
    '/api/subscribe',
    {
      config: user,
      schema: { description: 'Start a membership checkout.', body: subscribeRequestSchema, response: { 200: subscribeResponseSchema } },
      onRequest: checkoutLimit,
    },
    async (req) => subscribe(ctx, signedInActor(req), { planId: req.body.planId }),
  );
  app.get(
    '/api/user/subscription',
    { config: userRead, schema: { description: 'Your membership.', response: { 200: userSubscriptionResponseSchema } } },
    async (req) => ({
      subscription: await mySubscription(ctx, signedInActor(req)),
    }),
  );
  app.post(
    '/api/user/subscription/cancel',
    { config: user, schema: { description: 'Cancel your membership.', response: { 200: userSubscriptionResponseSchema } } },
    async (req) => ({
      subscription: await cancelSubscription(ctx, signedInActor(req)),
    }),
  );

  // Stripe's webhook: JSON kept as raw bytes in this scope only, since the signature covers them.
  // A bad signature or body is a 400; without Stripe as the provider the route is a 404.
  const stripeEventDoc = {
    body: {
      contentType: 'application/json',
      description: 'A Stripe event, signed in the `Stripe-Signature` header.',
      schema: z.looseObject({
        id: z.string(),
        type: z.string().describe('e.g. `checkout.session.completed`'),
        data: z.looseObject({ object: z.looseObject({}) }),
      }),
    },
    errors: [404] as const,
  };
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const webhookLimit = limitHook(scope, [{ name: 'stripe-webhook:ip', max: 600, windowMs: 60_000, key: byClientIp }]);
    scope.post(
      '/api/webhooks/stripe',
      {
        config: { access: 'public', openapi: stripeEventDoc },
        schema: { description: 'Payment provider events.', response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) } },
        onRequest: webhookLimit,
      },
      async (req) => {
        const header = req.headers['stripe-signature'];
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await handleStripeWebhook(ctx, req.actor, { rawBody, signature: Array.isArray(header) ? header[0] : header });
        return { received: true as const, outcome: String(outcome) };
      },
    );
  });
};

function sendPdf(reply: import('fastify').FastifyReply, number: string, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${number}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}
