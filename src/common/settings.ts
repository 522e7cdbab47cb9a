import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { defaultLendingPolicy, lendingPolicySchema } from './lending.ts';
import { DEFAULT_STALE_AFTER_DAYS, indexSettingsSchema, rebalanceCadences } from './market-index.ts';
import { defaultFeatureSwitches, type FeatureSwitch } from './feature-switches.ts';
import { featureSwitchesSchema } from './feature-switches.schema.ts';
import { defaultOnboardingSettings, onboardingSettingsSchema } from './onboarding.ts';
import { defaultVaultSettings, vaultSettingsSchema } from './vault.ts';

export * from './feature-switches.ts';
export { featureSwitchesSchema } from './feature-switches.schema.ts';

// ---------------------------------------------------------------------------------------------
// The platform's settings (domain.md, "Platform"): one section per row of the settings table,
// each a zod schema with defaults. The server validates with these and the /admin/settings forms
// check the same rules before sending.
// ---------------------------------------------------------------------------------------------

export const supportContactSchema = z.strictObject({
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(30, 'At most 30 characters')
    .refine((v) => v === '' || /^\+?[\d\s().-]{7,}$/.test(v), 'Enter a phone number, e.g. +1 212 555 0100'),
  hours: z.string().trim().max(120, 'At most 120 characters'),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const RESERVATION_MINUTES_MIN = 5;
export const RESERVATION_MINUTES_MAX = 120;
export const OFFER_EXPIRY_DAYS_MIN = 1;
export const OFFER_EXPIRY_DAYS_MAX = 30;
export const marketplaceSettingsSchema = z.strictObject({
  /** How long a buyer's reservation holds a listing while they pay. */
  reservationMinutes: z
    .number({ error: 'Enter a number of minutes' })
    .int('Whole minutes')
    .min(RESERVATION_MINUTES_MIN, `Between ${RESERVATION_MINUTES_MIN} and ${RESERVATION_MINUTES_MAX} minutes`)
    .max(RESERVATION_MINUTES_MAX, `Between ${RESERVATION_MINUTES_MIN} and ${RESERVATION_MINUTES_MAX} minutes`),
  /** The fee template (applies to sales) withheld from sellers; null: the first active sale template. */
  saleFeeTemplateId: z.uuid().nullable(),
  /** How long a buyer's offer on a listing stays open unanswered (issue 34). */
  offerExpiryDays: z
    .number({ error: 'Enter a number of days' })
    .int('Whole days')
    .min(OFFER_EXPIRY_DAYS_MIN, `Between ${OFFER_EXPIRY_DAYS_MIN} and ${OFFER_EXPIRY_DAYS_MAX} days`)
    .max(OFFER_EXPIRY_DAYS_MAX, `Between ${OFFER_EXPIRY_DAYS_MIN} and ${OFFER_EXPIRY_DAYS_MAX} days`),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;
export const defaultMarketplaceSettings: MarketplaceSettings = { reservationMinutes: 15, saleFeeTemplateId: null, offerExpiryDays: 7 };

/** The index's method settings plus how often its membership is reviewed. */
export const indexSectionSchema = indexSettingsSchema.extend({ rebalanceCadence: z.enum(rebalanceCadences) });
export type IndexSection = z.infer<typeof indexSectionSchema>;
export const defaultIndexSection: IndexSection = {
  weighting: 'equal',
  baseDate: '2023-01-01',
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  rebalanceCadence: 'monthly',
};

// ---------------------------------------------------------------------------------------------
// The registry
// ---------------------------------------------------------------------------------------------

export const settingsSections = ['support', 'onboarding', 'lending', 'marketplace', 'index', 'features', 'vault'] as const;
export type SettingsSection = (typeof settingsSections)[number];

export const settingsSchemas = {
  support: supportContactSchema,
  onboarding: onboardingSettingsSchema,
  lending: lendingPolicySchema,
  marketplace: marketplaceSettingsSchema,
  index: indexSectionSchema,
  features: featureSwitchesSchema,
  vault: vaultSettingsSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

export type SettingsValues = { [S in SettingsSection]: z.infer<(typeof settingsSchemas)[S]> };

export const defaultSupportContact: SupportContact = {
  email: 'support@slabregistry.com',
  phone: '+1 212 555 0100',
  hours: 'Monday to Friday, 9am to 6pm Eastern',
};

export const settingsDefaults: SettingsValues = {
  support: defaultSupportContact,
  onboarding: defaultOnboardingSettings,
  lending: defaultLendingPolicy,
  marketplace: defaultMarketplaceSettings,
  index: defaultIndexSection,
  features: defaultFeatureSwitches,
  vault: defaultVaultSettings,
};

/** The switches in words, on /admin/settings. */
export const featureSwitchLabels: Record<FeatureSwitch, { label: string; description: string }> = {
  marketplace: { label: 'Private MarketPlace', description: 'Listings, buying, sales, card requests and sell offers.' },
  lending: { label: 'Lending', description: 'The Lend page, quotes, applications and loans.' },
  funds: { label: 'Funds', description: 'Fund pages, positions, subscriptions and redemptions.' },
  hunts: { label: 'Hunts', description: 'The Source board, posting hunts and offering cards.' },
};

/** Section names in words (audit notifications, toasts). */
export const settingsSectionLabels: Record<SettingsSection, string> = {
  support: 'support contact',
  onboarding: 'wire instructions and tiers',
  lending: 'lending policy',
  marketplace: 'marketplace settings',
  index: 'index settings',
  features: 'feature switches',
  vault: 'vault address and outtake fee',
};

/** PATCH /api/admin/settings/sections/{section}: any subset of the section's top-level fields; the merged value is checked. */
export const settingsSectionParamsSchema = z.object({ section: z.enum(settingsSections) });
export const settingsPatchSchema = z.record(z.string(), z.unknown());

export const feeTemplateOptionSchema = z.object({ id: z.uuid(), name: z.string(), appliesTo: z.string(), active: z.boolean() });
export type FeeTemplateOption = z.infer<typeof feeTemplateOptionSchema>;

/** GET /api/admin/settings: every section, and the fee templates the lending and marketplace sections pick from. */
export const adminSettingsResponseSchema = z.object({
  sections: z.object({
    support: supportContactSchema,
    onboarding: onboardingSettingsSchema,
    lending: lendingPolicySchema,
    marketplace: marketplaceSettingsSchema,
    index: indexSectionSchema,
    features: featureSwitchesSchema,
    vault: vaultSettingsSchema,
  }),
  feeTemplates: z.array(feeTemplateOptionSchema),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

export const settingsSectionResponseSchema = z.object({ section: z.enum(settingsSections), value: z.unknown() });

export const settingsMessages = {
  notificationTitle: 'Settings Changed',
  changed: (who: string, section: SettingsSection) => `${who} changed the ${settingsSectionLabels[section]}.`,
  saved: 'Settings saved',
} as const;
