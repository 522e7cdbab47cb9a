import { eq } from 'drizzle-orm';
import { defaultOnboardingSettings, onboardingSettingsSchema, type OnboardingSettings } from '#common/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/platform.ts';

export const ONBOARDING_SETTINGS_KEY = 'onboarding';

/**
 * Tiers, minimums and wire instructions (domain.md: editable by admins). A missing or unreadable
 * row means the defaults: Collector $25,000, Investor $100,000, Private $250,000.
 */
export async function getOnboardingSettings(db: Db): Promise<OnboardingSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, ONBOARDING_SETTINGS_KEY)).limit(1);
  if (!row) return defaultOnboardingSettings;
  const parsed = onboardingSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultOnboardingSettings;
}

export async function saveOnboardingSettings(db: Db, value: OnboardingSettings, now: Date) {
  await db
    .insert(settings)
    .values({ key: ONBOARDING_SETTINGS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return value;
}

/** Seeds the defaults once, so the row exists for admins to edit; never overwrites. */
export async function seedOnboardingSettings(db: Db) {
  await db.insert(settings).values({ key: ONBOARDING_SETTINGS_KEY, value: defaultOnboardingSettings }).onConflictDoNothing();
}
