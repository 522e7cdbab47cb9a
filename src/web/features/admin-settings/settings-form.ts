import { z } from 'zod';
import { lendingPolicySchema, type LendingPolicy } from '#common/lending.ts';
import { tierIds, type OnboardingSettings, type WireInstructions } from '#common/onboarding.ts';
import { marketplaceSettingsSchema, type MarketplaceSettings } from '#common/settings.ts';
import { vaultSettingsSchema, type VaultSettings } from '#common/vault.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

// The /admin/settings forms hold what is typed (dollars, percentages, whole numbers as text) and
// turn it into the section's value, then check it with the section's own schema from #common, so
// a form shows the same messages the server would answer with, beside the same fields.

/** Up to 10 digits of dollars, as these forms have always allowed. */
const SETTINGS_MAX_CENTS = 999_999_999_999;
const centsOf = (s: string) => parseDollarsToCents(s, { maxCents: SETTINGS_MAX_CENTS });
const isDollars = (s: string) => centsOf(s) !== null;
/** Only after the field's check passed (NaN otherwise, which every schema refuses). */
const toCents = (s: string) => centsOf(s) ?? Number.NaN;
const centsText = (cents: number) => (cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const dollarsField = (min: string) =>
  z
    .string()
    .trim()
    .refine(isDollars, 'Enter an amount in dollars, e.g. 25,000')
    .refine((s) => toCents(s) >= 100, min);
const dollarsToCents = z.string().trim().refine(isDollars, 'Enter an amount in dollars, e.g. 1,000').transform(toCents);
const percentToBps = z
  .string()
  .trim()
  .refine((s) => /^\d{1,3}(\.\d{1,2})?$/.test(s.replace(/%$/, '')), 'Enter a percentage, e.g. 12.5')
  .transform((s) => Math.round(Number(s.replace(/%$/, '')) * 100));
const wholeNumber = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'Enter a whole number')
  .transform(Number);
const bpsText = (bps: number) => String(bps / 100);
/** A select's "none chosen" value (Radix selects take no empty string). */
export const DEFAULT_TEMPLATE = 'default';
const templateId = z.string().transform((v) => (v === DEFAULT_TEMPLATE || v === '' ? null : v));

// ---------------------------------------------------------------------------------------------
// Wire instructions and tiers (one stored section, two forms)
// ---------------------------------------------------------------------------------------------

const wireKeys = ['beneficiaryName', 'beneficiaryAddress', 'bankName', 'bankAddress', 'routingNumber', 'accountNumber', 'swiftCode', 'note'] as const;
type WireKey = (typeof wireKeys)[number];

export const wireFormSchema = z.object({
  wire: z
    .object({
      beneficiaryName: text(120),
      beneficiaryAddress: text(200),
      bankName: text(120),
      bankAddress: text(200),
      routingNumber: text(20),
      accountNumber: text(40),
      swiftCode: text(11),
      note: text(500),
    })
    .superRefine((w, ctx) => {
      // All empty means "not set yet"; otherwise a client needs at least these three to wire.
      if (wireKeys.every((k) => !w[k])) return;
      const need: [WireKey, string][] = [
        ['beneficiaryName', 'Enter the beneficiary'],
        ['bankName', 'Enter the bank'],
        ['accountNumber', 'Enter the account number'],
      ];
      for (const [k, message] of need) if (!w[k]) ctx.addIssue({ code: 'custom', path: [k], message });
    }),
});
export type WireFormInput = z.input<typeof wireFormSchema>;
export type WireFormValues = z.output<typeof wireFormSchema>;

const emptyWire = Object.fromEntries(wireKeys.map((k) => [k, ''])) as Record<WireKey, string>;
export const toWireForm = (s: OnboardingSettings): WireFormInput => ({
  wire: s.wireInstructions ? { ...emptyWire, ...s.wireInstructions } : emptyWire,
});
export const fromWireForm = (v: WireFormValues): WireInstructions | null => (wireKeys.some((k) => v.wire[k]) ? (v.wire as WireInstructions) : null);

export const tiersFormSchema = z.object({
  tiers: z
    .array(
      z.object({
        id: z.enum(tierIds),
        name: text(40).min(1, 'Enter the tier’s name'),
        minimum: dollarsField('At least $1'),
        description: text(300),
      }),
    )
    .length(3),
});
export type TiersFormInput = z.input<typeof tiersFormSchema>;
export type TiersFormValues = z.output<typeof tiersFormSchema>;

export const toTiersForm = (s: OnboardingSettings): TiersFormInput => ({
  tiers: s.tiers.map((t) => ({ id: t.id, name: t.name, minimum: centsText(t.minimumCents), description: t.description })),
});
export const fromTiersForm = (v: TiersFormValues): OnboardingSettings['tiers'] =>
  v.tiers.map((t) => ({ id: t.id, name: t.name, minimumCents: toCents(t.minimum), description: t.description }));

// ---------------------------------------------------------------------------------------------
// Lending policy: percentages and dollars as typed, field names as in the policy
// ---------------------------------------------------------------------------------------------

export const lendingFormSchema = z
  .object({
    maxLtvBps: percentToBps,
    minLoanCents: dollarsToCents,
    terms: z.array(z.number()),
    aprMinBps: percentToBps,
    aprMaxBps: percentToBps,
    originationFeeTemplateId: templateId,
    graceDays: wholeNumber,
    offerValidDays: wholeNumber,
    defaultNoticeDays: wholeNumber,
  })
  .pipe(lendingPolicySchema);
export type LendingFormInput = z.input<typeof lendingFormSchema>;

export const toLendingForm = (p: LendingPolicy): LendingFormInput => ({
  maxLtvBps: bpsText(p.maxLtvBps),
  minLoanCents: centsText(p.minLoanCents),
  terms: [...p.terms],
  aprMinBps: bpsText(p.aprMinBps),
  aprMaxBps: bpsText(p.aprMaxBps),
  originationFeeTemplateId: p.originationFeeTemplateId ?? DEFAULT_TEMPLATE,
  graceDays: String(p.graceDays),
  offerValidDays: String(p.offerValidDays),
  defaultNoticeDays: String(p.defaultNoticeDays),
});

// ---------------------------------------------------------------------------------------------
// Marketplace
// ---------------------------------------------------------------------------------------------

export const marketplaceFormSchema = z
  .object({ reservationMinutes: wholeNumber, saleFeeTemplateId: templateId, offerExpiryDays: wholeNumber })
  .pipe(marketplaceSettingsSchema);
export type MarketplaceFormInput = z.input<typeof marketplaceFormSchema>;
export const toMarketplaceForm = (m: MarketplaceSettings): MarketplaceFormInput => ({
  reservationMinutes: String(m.reservationMinutes),
  saleFeeTemplateId: m.saleFeeTemplateId ?? DEFAULT_TEMPLATE,
  offerExpiryDays: String(m.offerExpiryDays),
});

// ---------------------------------------------------------------------------------------------
// Vault: the shipping address members send cards to, and the outtake fee
// ---------------------------------------------------------------------------------------------

export const vaultFormSchema = z
  .object({
    shippingAddress: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      country: z.string(),
    }),
    outtakeFeeBps: percentToBps,
    outtakeFeeCapCents: dollarsToCents,
    outtakeMaxCards: wholeNumber,
  })
  .pipe(vaultSettingsSchema);
export type VaultFormInput = z.input<typeof vaultFormSchema>;
export const toVaultForm = (v: VaultSettings): VaultFormInput => ({
  shippingAddress: { ...v.shippingAddress, line2: v.shippingAddress.line2 ?? '' },
  outtakeFeeBps: bpsText(v.outtakeFeeBps),
  outtakeFeeCapCents: centsText(v.outtakeFeeCapCents),
  outtakeMaxCards: String(v.outtakeMaxCards),
});
