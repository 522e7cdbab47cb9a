import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingSettingsSchema } from '#common/onboarding.ts';
import { adminSettingsResponseSchema, settingsPatchSchema, settingsSectionParamsSchema, settingsSectionResponseSchema } from '#common/settings.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { listFeeTemplates } from '#server/modules/money/index.ts';
import { allSettings, getSetting, updateSetting } from './settings.service.ts';

/** /admin/settings: every platform settings section, read together and saved one section at a time. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Every platform settings section, and the fee templates they may name.',
        response: { 200: adminSettingsResponseSchema },
      },
    },
    async (req) => {
      const actor = signedInActor(req);
      const templates = await listFeeTemplates(ctx, actor);
      return allSettings(ctx, actor, { feeTemplates: templates.map((t) => ({ id: t.id, name: t.name, appliesTo: t.appliesTo, active: t.active })) });
    },
  );

  app.patch(
    '/api/admin/settings/sections/:section',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Change some fields of one settings section; the whole section is checked, saved, audited and announced to the other admins.',
        params: settingsSectionParamsSchema,
        body: settingsPatchSchema,
        response: { 200: settingsSectionResponseSchema },
      },
    },
    async (req) => ({ section: req.params.section, value: await updateSetting(ctx, req.actor, { section: req.params.section, patch: req.body }) }),
  );

  app.get(
    '/api/admin/settings/onboarding',
    { config: { access: 'admin' }, schema: { description: 'Wire instructions and investment tiers.', response: { 200: onboardingSettingsSchema } } },
    async () => getSetting(ctx, 'onboarding'),
  );

  app.put(
    '/api/admin/settings/onboarding',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Save wire instructions and investment tiers.',
        body: onboardingSettingsSchema,
        response: { 200: onboardingSettingsSchema },
      },
    },
    async (req) => updateSetting(ctx, req.actor, { section: 'onboarding', patch: req.body }),
  );
};
