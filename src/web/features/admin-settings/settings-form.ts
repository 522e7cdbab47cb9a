import { z } from 'zod';
import { tierIds, type OnboardingSettings, type WireInstructions } from '#common/onboarding.ts';

/** The /admin/settings form: dollars as typed text, wire instructions as plain strings. */
const wireKeys = ['beneficiaryName', 'beneficiaryAddress', 'bankName', 'bankAddress', 'routingNumber', 'accountNumber', 'swiftCode', 'note'] as const;
type WireKey = (typeof wireKeys)[number];

const dollars = /^\d{1,10}(\.\d{1,2})?$/;
const toCents = (s: string) => Math.round(Number(s.replace(/[$,\s]/g, '')) * 100);

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const settingsFormSchema = z.object({
  tiers: z
    .array(
      z.object({
        id: z.enum(tierIds),
        name: text(40).min(1, 'Enter the tier’s name'),
        minimum: z
          .string()
          .trim()
          .refine((s) => dollars.test(s.replace(/[$,\s]/g, '')), 'Enter an amount in dollars, e.g. 25,000')
          .refine((s) => toCents(s) >= 100, 'At least $1'),
        description: text(300),
      }),
    )
    .length(3),
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
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

const emptyWire = Object.fromEntries(wireKeys.map((k) => [k, ''])) as Record<WireKey, string>;

export function toSettingsForm(s: OnboardingSettings): SettingsFormInput {
  return {
    tiers: s.tiers.map((t) => ({ id: t.id, name: t.name, minimum: (t.minimumCents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 }), description: t.description })),
    wire: s.wireInstructions ? { ...emptyWire, ...s.wireInstructions } : emptyWire,
  };
}

export function fromSettingsForm(v: SettingsFormValues): OnboardingSettings {
  const filled = wireKeys.some((k) => v.wire[k]);
  return {
    tiers: v.tiers.map((t) => ({ id: t.id, name: t.name, minimumCents: toCents(t.minimum), description: t.description })),
    wireInstructions: filled ? (v.wire as WireInstructions) : null,
  };
}
