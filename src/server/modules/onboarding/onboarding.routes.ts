import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocationInputSchema,
  onboardingStatusResponseSchema,
  onboardingViewSchema,
  selectTierInputSchema,
  signInputSchema,
} from '#common/onboarding.ts';
import { requireUser } from '../../plugins/auth.ts';
import { seedOnboardingSettings } from '../settings/settings.service.ts';
import {
  acceptInvitation,
  onboardingStatusFor,
  onboardingView,
  selectTier,
  setAllocation,
  signAgreement,
  submitKyc,
} from './onboarding.service.ts';

const stepAnswer = z.object({ status: z.literal('success'), onboarding: onboardingViewSchema });

/**
 * The client's onboarding (spec §4). Each step is its own call and moves the status one step on;
 * a call out of order is a 409. The steps are the client's own decisions, so none of them can be
 * taken by an admin impersonating the client.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await seedOnboardingSettings(ctx.db);

  app.get(
    '/api/onboarding/status',
    { config: { access: 'user' }, schema: { response: { 200: onboardingStatusResponseSchema } } },
    async (req) => onboardingStatusFor(ctx.db, requireUser(req).id),
  );

  app.get(
    '/api/onboarding',
    { config: { access: 'user' }, schema: { response: { 200: onboardingViewSchema } } },
    async (req) => onboardingView(ctx, requireUser(req)),
  );

  const meta = (req: { ip?: string; headers: Record<string, unknown> }) => ({
    ip: req.ip ?? null,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });

  const step = <B extends z.ZodType>(
    path: string,
    body: B | null,
    run: (user: ReturnType<typeof requireUser>, body: z.infer<B>, m: ReturnType<typeof meta>) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        config: { access: 'user', noImpersonation: true },
        schema: { ...(body ? { body } : {}), response: { 200: stepAnswer } },
      },
      async (req) => {
        const user = requireUser(req);
        await run(user, req.body as z.infer<B>, meta(req));
        return { status: 'success' as const, onboarding: await onboardingView(ctx, user) };
      },
    );

  step('/api/onboarding/accept', null, (user, _b, m) => acceptInvitation(ctx, user, m));
  step('/api/onboarding/tier', selectTierInputSchema, (user, b, m) => selectTier(ctx, user, b.tier, m));
  step('/api/onboarding/allocation', allocationInputSchema, (user, b, m) => setAllocation(ctx, user, b.allocation, m));
  step('/api/onboarding/kyc', null, (user, _b, m) => submitKyc(ctx, user, m));
  step('/api/onboarding/sign', signInputSchema, (user, b, m) => signAgreement(ctx, user, b, m));
};
