import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocationInputSchema,
  onboardingStatusResponseSchema,
  onboardingViewSchema,
  selectTierInputSchema,
  signInputSchema,
  type OnboardingView,
} from '#common/onboarding.ts';
import type { SignedInActor } from '#server/context.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import {
  acceptInvitation,
  declineInvitation,
  onboardingStatusFor,
  onboardingView,
  removeManager,
  selectTier,
  setAllocation,
  signAgreement,
  submitKyc,
} from './onboarding.service.ts';

const stepAnswer = z.object({ status: z.literal('success'), onboarding: onboardingViewSchema });
const consentAnswer = z.object({ status: z.literal('success'), onboarding: onboardingStatusResponseSchema });

/**
 * The client's onboarding (spec §4). Each step is its own call and moves the status one step on;
 * a call out of order is a 409. The steps are the client's own decisions, so none of them can be
 * taken by an admin impersonating the client.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/onboarding/status',
    {
      config: { access: 'user' },
      schema: { description: 'Whether you have an onboarding, its status and manager.', response: { 200: onboardingStatusResponseSchema } },
    },
    async (req) => onboardingStatusFor(ctx, signedInActor(req)),
  );

  app.get(
    '/api/onboarding',
    { config: { access: 'user' }, schema: { description: "The signed-in client's onboarding.", response: { 200: onboardingViewSchema } } },
    async (req) => onboardingView(ctx, signedInActor(req)),
  );

  const step = <B extends z.ZodType>(
    path: string,
    description: string,
    body: B | null,
    run: (actor: SignedInActor, body: z.infer<B>) => Promise<OnboardingView>,
  ) =>
    app.post(
      path,
      {
        config: { access: 'user' },
        schema: { description, ...(body ? { body } : {}), response: { 200: stepAnswer } },
      },
      async (req) => ({ status: 'success' as const, onboarding: await run(signedInActor(req), req.body as z.infer<B>) }),
    );

  step('/api/onboarding/accept', "Accept the portfolio manager's invitation.", null, (actor) => acceptInvitation(ctx, actor));
  step('/api/onboarding/tier', 'Choose an investment tier.', selectTierInputSchema, (actor, b) => selectTier(ctx, actor, { tier: b.tier }));
  step('/api/onboarding/allocation', 'Choose an allocation.', allocationInputSchema, (actor, b) =>
    setAllocation(ctx, actor, { allocation: b.allocation, funds: b.funds }),
  );
  step('/api/onboarding/kyc', 'Submit identity documents.', null, (actor) => submitKyc(ctx, actor));
  step('/api/onboarding/sign', 'Sign the client agreement.', signInputSchema, (actor, b) => signAgreement(ctx, actor, b));

  // The member's answers about their manager (decision 127): theirs alone, never an impersonating admin's.
  const answer = { access: 'user' as const };
  app.post(
    '/api/onboarding/decline',
    { config: answer, schema: { description: "Decline the portfolio manager's invitation.", response: { 200: consentAnswer } } },
    async (req) => ({ status: 'success' as const, onboarding: await declineInvitation(ctx, signedInActor(req)) }),
  );
  app.post(
    '/api/onboarding/remove-manager',
    {
      config: answer,
      schema: { description: 'Remove your portfolio manager: they no longer see or act for you.', response: { 200: consentAnswer } },
    },
    async (req) => ({ status: 'success' as const, onboarding: await removeManager(ctx, signedInActor(req)) }),
  );
};
