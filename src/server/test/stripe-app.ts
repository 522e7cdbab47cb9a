import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.ts';

/**
 * A test app paying through Stripe's protocol: a fake Stripe, the app pointed at it (jobs on, so
 * refunds and expiries run), and a way to deliver its signed webhooks. With `stripeOnAppClock`,
 * Stripe dates its charges and refunds by the app's fake clock (reconciliation compares days).
 */
export async function startStripeApp(opts: Omit<TestAppOptions, 'env' | 'jobs'> & { stripeOnAppClock?: boolean } = {}) {
  // Stripe's clock reads the app's, which exists only once the app (pointed at Stripe) is built.
  const holder: { app?: TestApp } = {};
  const stripe: FakeStripe = await startFakeStripe(opts.stripeOnAppClock ? { now: () => holder.app!.clock.now().getTime() } : {});
  const t = await createTestApp({
    ...opts,
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret },
    jobs: {},
  });
  holder.app = t;
  return {
    t,
    stripe,
    /** Posts a signed delivery to the app's Stripe webhook, as Stripe would (no client header). */
    webhook: (d: { body: string; signature: string }) =>
      t.rawInject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
        payload: d.body,
      }),
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
export type StripeApp = Awaited<ReturnType<typeof startStripeApp>>;
