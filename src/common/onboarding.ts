import { z } from 'zod';
import { personName } from './auth.ts';
import { fundAllocationSchema, onboardingFundChoiceSchema } from './funds.ts';
import { kycDocumentSchema, kycStatuses } from './kyc.ts';
import { phoneSchema } from './phone.ts';
import { managerConsentStatuses, onboardingStatuses } from './onboarding-steps.ts';

export * from './onboarding-steps.ts';

// GET /api/onboarding/status (spec §3 and §7)
export const onboardingStatusResponseSchema = z.object({
  hasOnboarding: z.boolean(),
  status: z.string().nullable(),
  managerName: z.string().nullable().optional(),
  /** Whether the member has accepted the manager (decision 127); absent when there is no onboarding. */
  managerConsent: z.enum(['pending', 'accepted']).optional(),
});
export type OnboardingStatusResponse = z.infer<typeof onboardingStatusResponseSchema>;

// Tiers and deposit settings (a `settings` row, editable by admins)
export const tierIds = ['collector', 'investor', 'private'] as const;
export type TierId = (typeof tierIds)[number];

export const tierSchema = z.object({
  id: z.enum(tierIds),
  name: z.string().trim().min(1).max(40),
  minimumCents: z.number().int().min(100).max(1_000_000_000_00),
  description: z.string().trim().max(300).default(''),
});
export type Tier = z.infer<typeof tierSchema>;

export const wireInstructionsSchema = z.object({
  beneficiaryName: personName(z.string().trim().min(1).max(120)),
  beneficiaryAddress: z.string().trim().max(200).default(''),
  bankName: z.string().trim().min(1).max(120),
  bankAddress: z.string().trim().max(200).default(''),
  routingNumber: z.string().trim().max(20).default(''),
  accountNumber: z.string().trim().min(1).max(40),
  swiftCode: z.string().trim().max(11).default(''),
  /** Shown under the instructions. */
  note: z.string().trim().max(500).default(''),
});
export type WireInstructions = z.infer<typeof wireInstructionsSchema>;

export const onboardingSettingsSchema = z.object({
  tiers: z
    .array(tierSchema)
    .length(3)
    .refine((ts) => new Set(ts.map((t) => t.id)).size === 3, 'Each tier appears once'),
  /** null until an admin enters them: a client is never shown made-up bank details. */
  wireInstructions: wireInstructionsSchema.nullable(),
});
export type OnboardingSettings = z.infer<typeof onboardingSettingsSchema>;

/** Defaults from domain.md: Collector $25,000, Investor $100,000, Private $250,000. */
export const defaultOnboardingSettings: OnboardingSettings = {
  tiers: [
    { id: 'collector', name: 'Collector', minimumCents: 25_000_00, description: 'A focused portfolio of graded cards, built over time.' },
    {
      id: 'investor',
      name: 'Investor',
      minimumCents: 100_000_00,
      description: 'A diversified portfolio across eras and sports, with quarterly reviews.',
    },
    { id: 'private', name: 'Private', minimumCents: 250_000_00, description: 'A bespoke mandate with first look at private acquisitions.' },
  ],
  wireInstructions: null,
};

/** The deposit step's text while no wire instructions are set. */
export const WIRE_INSTRUCTIONS_PENDING = 'Your portfolio manager will send you the wire instructions.';
/** The manager's client page, while no wire instructions are set. */
export const WIRE_INSTRUCTIONS_MISSING_WARNING =
  'Wire instructions are not set yet, so this client cannot see where to send the deposit. An admin enters them under Admin → Settings.';

// Portfolio allocation
export const allocationCategories = ['vintage', 'modern', 'basketball', 'baseball', 'football', 'other'] as const;
export type AllocationCategory = (typeof allocationCategories)[number];
export const allocationLabels: Record<AllocationCategory, string> = {
  vintage: 'Vintage',
  modern: 'Modern',
  basketball: 'Basketball',
  baseball: 'Baseball',
  football: 'Football',
  other: 'Other',
};
export const ALLOCATION_TOTAL_MESSAGE = 'Allocation must total 100%';

const pct = z.number({ error: 'Enter a whole percentage' }).int('Enter a whole percentage').min(0, 'At least 0%').max(100, 'At most 100%');
export const allocationSchema = z
  .object({
    vintage: pct,
    modern: pct,
    basketball: pct,
    baseball: pct,
    football: pct,
    other: pct,
  })
  .refine((a) => allocationCategories.reduce((s, k) => s + a[k], 0) === 100, { message: ALLOCATION_TOTAL_MESSAGE });
export type Allocation = z.infer<typeof allocationSchema>;

export const allocationTotal = (a: Partial<Record<AllocationCategory, number>>) =>
  allocationCategories.reduce((s, k) => s + (Number.isFinite(a[k]) ? Number(a[k]) : 0), 0);

// Step inputs
export const selectTierInputSchema = z.object({ tier: z.enum(tierIds, { error: 'Choose a tier' }) });
/** `funds`: the open funds the deposit goes into, percentages adding to 100 (decision 083). */
export const allocationInputSchema = z.object({ allocation: allocationSchema, funds: fundAllocationSchema.optional() });

export const signMessages = {
  fullName: 'Type your full legal name',
  consent: 'You must agree to the Service Agreement to continue',
} as const;
export const signInputSchema = z.object({
  fullName: personName(z.string({ error: signMessages.fullName }).trim().min(2, signMessages.fullName).max(120, signMessages.fullName)),
  consent: z.literal(true, { error: signMessages.consent }),
  agreementVersion: z.number().int().min(1),
});
export type SignInput = z.infer<typeof signInputSchema>;

// Manager: invite and deposit
export const inviteClientSchema = z.object({
  phone: phoneSchema,
  name: personName(
    z.string({ error: 'Enter the client’s name' }).trim().min(1, 'Enter the client’s name').max(100, 'Name must be at most 100 characters'),
  ),
  tier: z.enum(tierIds).optional(),
});
export type InviteClientInput = z.input<typeof inviteClientSchema>;

export const confirmDepositSchema = z.object({
  amountCents: z
    .number({ error: 'Enter the amount received' })
    .int('Enter the amount in cents')
    .min(1, 'Enter the amount received')
    .max(1_000_000_000_00, 'That amount is too large'),
});

export const managerClientsQuerySchema = z.object({
  status: z.enum(onboardingStatuses).optional(),
});

// Answers
const personSchema = z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() });

export const managerClientSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  userId: z.string().nullable(),
  status: z.enum(onboardingStatuses),
  label: z.string(),
  progress: z.number(),
  tier: z.enum(tierIds).nullable(),
  manager: personSchema.nullable(),
  kycStatus: z.enum(kycStatuses),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  /** When the invitation may be sent again (the server's resend cooldown). */
  resendAvailableAt: z.string(),
  /**
   * The member's consent. Until it is `accepted` a manager's row carries only what they typed
   * (name, phone) and the invitation's dates: no user id, progress, tier or KYC status.
   */
  consent: z.enum(managerConsentStatuses),
});
export type ManagerClient = z.infer<typeof managerClientSchema>;

export const managerClientsResponseSchema = z.object({
  clients: z.array(managerClientSchema),
  counts: z.record(z.string(), z.number()),
});
export type ManagerClientsResponse = z.infer<typeof managerClientsResponseSchema>;

export const timelineEntrySchema = z.object({
  status: z.enum(onboardingStatuses),
  label: z.string(),
  at: z.string().nullable(),
  actor: z.string().nullable(),
});

export const signatureSchema = z.object({
  fullName: z.string(),
  signedAt: z.string(),
  ip: z.string().nullable(),
  agreementVersion: z.number(),
});

export const depositSchema = z.object({
  amountCents: z.number().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});

export const managerClientDetailSchema = managerClientSchema.extend({
  suggestedTier: z.enum(tierIds).nullable(),
  tierName: z.string().nullable(),
  minimumCents: z.number().nullable(),
  allocation: allocationSchema.nullable(),
  /** The funds the deposit goes into (empty when none were chosen). */
  fundAllocation: z.array(onboardingFundChoiceSchema).optional(),
  timeline: z.array(timelineEntrySchema),
  // A manager sees a client's documents as the member does.
  documents: z.array(kycDocumentSchema),
  signature: signatureSchema.nullable(),
  deposit: depositSchema,
  invitedAt: z.string(),
  lastInvitedAt: z.string(),
  inviteCount: z.number(),
  /** False while no wire instructions are set: the client's deposit step cannot show them. */
  wireInstructionsSet: z.boolean(),
});
export type ManagerClientDetail = z.infer<typeof managerClientDetailSchema>;

export const inviteResponseSchema = z.object({
  client: managerClientSchema,
  sms: z.object({ sent: z.boolean(), reason: z.string().nullable() }),
});

export const agreementSchema = z.object({ version: z.number(), title: z.string(), text: z.string() });

/** GET /api/onboarding: everything the client's /onboarding page shows. */
export const onboardingViewSchema = z.object({
  id: z.string(),
  status: z.enum(onboardingStatuses),
  label: z.string(),
  progress: z.number(),
  managerName: z.string().nullable(),
  /** Until `accepted` the page asks the member to accept or decline the manager (decision 127). */
  managerConsent: z.enum(['pending', 'accepted']),
  clientName: z.string().nullable(),
  tiers: z.array(tierSchema),
  suggestedTier: z.enum(tierIds).nullable(),
  tier: z.enum(tierIds).nullable(),
  allocation: allocationSchema.nullable(),
  /** The funds the deposit goes into (empty when none were chosen). */
  fundAllocation: z.array(onboardingFundChoiceSchema).optional(),
  agreement: agreementSchema,
  signature: signatureSchema.nullable(),
  deposit: z.object({
    amountCents: z.number().nullable(),
    reference: z.string(),
    wireInstructions: wireInstructionsSchema.nullable(),
    confirmedAt: z.string().nullable(),
    receivedCents: z.number().nullable(),
  }),
  kycStatus: z.enum(kycStatuses),
  timeline: z.array(timelineEntrySchema),
});
export type OnboardingView = z.infer<typeof onboardingViewSchema>;
