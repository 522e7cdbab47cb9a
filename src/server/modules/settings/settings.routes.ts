import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingSettingsSchema } from '#common/onboarding.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { actorOf, audit } from '../audit/audit.service.ts';
import { getOnboardingSettings, saveOnboardingSettings } from './settings.service.ts';

/** Admin-editable onboarding settings: tiers with their minimums, and wire instructions. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/settings/onboarding',
    { config: { access: 'admin' }, schema: { response: { 200: onboardingSettingsSchema } } },
    async () => getOnboardingSettings(ctx.db),
  );

  app.put(
    '/api/admin/settings/onboarding',
    { config: { access: 'admin' }, schema: { body: onboardingSettingsSchema, response: { 200: onboardingSettingsSchema } } },
    async (req) => {
      const actor = requireAdmin(req);
      const now = ctx.clock.now();
      return ctx.db.transaction(async (tx) => {
        const saved = await saveOnboardingSettings(tx, req.body, now);
        await audit(tx, { ...actorOf(actor), action: 'settings.onboarding_updated', targetType: 'settings', targetId: 'onboarding', data: { tiers: req.body.tiers.map((t) => ({ id: t.id, minimumCents: t.minimumCents })) }, ip: req.ip ?? null, at: now });
        return saved;
      });
    },
  );
};
