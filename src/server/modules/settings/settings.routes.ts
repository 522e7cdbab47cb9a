import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingSettingsSchema } from '#common/onboarding.ts';
import { getOnboardingSettings, updateOnboardingSettings } from './settings.service.ts';

/** Admin-editable onboarding settings: tiers with their minimums, and wire instructions. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/settings/onboarding',
    { config: { access: 'admin' }, schema: { description: 'Wire instructions and investment tiers.', response: { 200: onboardingSettingsSchema } } },
    async () => getOnboardingSettings(ctx),
  );

  app.put(
    '/api/admin/settings/onboarding',
    { config: { access: 'admin' }, schema: { description: 'Save wire instructions and investment tiers.', body: onboardingSettingsSchema, response: { 200: onboardingSettingsSchema } } },
    async (req) => updateOnboardingSettings(ctx, req.actor, req.body),
  );
};
