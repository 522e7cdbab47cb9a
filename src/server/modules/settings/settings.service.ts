import { and, eq, sql } from 'drizzle-orm';
import { defaultOnboardingSettings, onboardingSettingsSchema, type OnboardingSettings } from '#common/onboarding.ts';
import type { AppContext, Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { settings } from '#server/db/schema/platform.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/modules/audit/audit.service.ts';

export const ONBOARDING_SETTINGS_KEY = 'onboarding';

/**
 * Tiers, minimums and wire instructions (domain.md: editable by admins). A missing or unreadable
 * row means the defaults: Collector $25,000, Investor $100,000, Private $250,000.
 */
export async function getOnboardingSettings(ctx: Pick<AppContext, 'db'>): Promise<OnboardingSettings> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, ONBOARDING_SETTINGS_KEY)).limit(1);
  if (!row) return defaultOnboardingSettings;
  const parsed = onboardingSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultOnboardingSettings;
}

async function saveOnboardingSettings(tx: Db, value: OnboardingSettings, now: Date) {
  await tx
    .insert(settings)
    .values({ key: ONBOARDING_SETTINGS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return value;
}

/** PUT /api/admin/settings/onboarding: an admin's edit, saved with its audit row in one transaction. */
export async function updateOnboardingSettings(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, actor: Actor, value: OnboardingSettings) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ tx }) => {
    const saved = await saveOnboardingSettings(tx, value, now);
    await audit(tx, {
      ...auditBy(actor),
      action: 'settings.onboarding_updated',
      targetType: 'settings',
      targetId: ONBOARDING_SETTINGS_KEY,
      // Which parts changed shape, not the bank details themselves.
      data: { tiers: value.tiers.map((t) => ({ id: t.id, minimumCents: t.minimumCents })), wireInstructionsSet: value.wireInstructions !== null },
      at: now,
    });
    return saved;
  });
}

/** The made-up bank name earlier versions seeded; a row still holding it has no real instructions. */
export const LEGACY_PLACEHOLDER_BANK = 'To be confirmed by your portfolio manager';

/**
 * Seeds the defaults once, so the row exists for admins to edit; never overwrites an admin's
 * values. Placeholder instructions seeded by earlier versions are cleared, so clients are told
 * their manager will send them instead.
 */
export async function seedOnboardingSettings(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  await db.insert(settings).values({ key: ONBOARDING_SETTINGS_KEY, value: defaultOnboardingSettings }).onConflictDoNothing();
  await db
    .update(settings)
    .set({ value: sql`jsonb_set(${settings.value}, '{wireInstructions}', 'null'::jsonb)` })
    .where(and(eq(settings.key, ONBOARDING_SETTINGS_KEY), sql`${settings.value}->'wireInstructions'->>'bankName' = ${LEGACY_PLACEHOLDER_BANK}`));
}
