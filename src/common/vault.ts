import { z } from 'zod';
import { custodyStates } from './cards.ts';
import type { TransitionMap } from './transitions.ts';

// ---------------------------------------------------------------------------------------------
// Vault intake and outtake (issue 34): members send cards to the vault and ask for them back.
// ---------------------------------------------------------------------------------------------

export const intakeStatuses = ['awaiting_arrival', 'partially_received', 'received', 'cancelled'] as const;
export type IntakeStatus = (typeof intakeStatuses)[number];
export const intakeStatusLabels: Record<IntakeStatus, string> = {
  awaiting_arrival: 'Awaiting arrival',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};
/** The member cancels only before anything arrived; receipt moves it on card by card. */
export const intakeTransitions: TransitionMap<IntakeStatus> = {
  awaiting_arrival: ['partially_received', 'received', 'cancelled'],
  partially_received: ['received'],
  received: [],
  cancelled: [],
};
export const openIntakeStatuses = ['awaiting_arrival', 'partially_received'] as const satisfies readonly IntakeStatus[];

export const outtakeStatuses = ['awaiting_payment', 'packing', 'shipped', 'delivered', 'cancelled'] as const;
export type OuttakeStatus = (typeof outtakeStatuses)[number];
export const outtakeStatusLabels: Record<OuttakeStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  packing: 'Packing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** Paid fee → packing; cancelled only while the fee is unpaid (nothing to refund). */
export const outtakeTransitions: TransitionMap<OuttakeStatus> = {
  awaiting_payment: ['packing', 'cancelled'],
  packing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
export const openOuttakeStatuses = ['awaiting_payment', 'packing', 'shipped'] as const satisfies readonly OuttakeStatus[];

export const intakeNumber = (n: number) => `VI-${String(n).padStart(5, '0')}`;
export const outtakeNumber = (n: number) => `VO-${String(n).padStart(5, '0')}`;

/** The outtake fee on one card: basis points of its value, capped per card. */
export function outtakeCardFee(valueCents: number, policy: Pick<VaultSettings, 'outtakeFeeBps' | 'outtakeFeeCapCents'>): number {
  return Math.min(Math.round((valueCents * policy.outtakeFeeBps) / 10_000), policy.outtakeFeeCapCents);
}

// ---------------------------------------------------------------------------------------------
// Settings (the `vault` section)
// ---------------------------------------------------------------------------------------------

const line = (max: number, required?: string) =>
  required ? z.string().trim().min(1, required).max(max, `At most ${max} characters`) : z.string().trim().max(max, `At most ${max} characters`);

export const vaultMessages = {
  nameRequired: 'Enter the recipient’s name',
  line1Required: 'Enter the street address',
  cityRequired: 'Enter the city',
  stateRequired: 'Enter the state',
  postalCodeRequired: 'Enter the ZIP or postal code',
  countryRequired: 'Enter the country',
  cardsRequired: 'Choose at least one card',
  tooManyCards: (max: number) => `At most ${max} cards an outtake`,
  notWithOwner: 'This card is not in your hands: only cards with you can be sent to the vault',
  notInVault: 'This card is not in the vault',
  intakeNotFound: 'Intake not found',
  outtakeNotFound: 'Outtake not found',
  intakeStale: (s: IntakeStatus) => `This intake is ${intakeStatusLabels[s].toLowerCase()}`,
  outtakeStale: (s: OuttakeStatus) => `This outtake is ${outtakeStatusLabels[s].toLowerCase()}`,
  cancelAfterArrival: 'A card of this intake has arrived: it can no longer be cancelled',
  cancelAfterPayment: 'The fee is paid: this outtake can no longer be cancelled',
  notInIntake: 'This card is not part of the intake',
  alreadyReceived: 'This card was already received',
  notPaid: 'The fee invoice is not paid yet',
  carrierRequired: 'Enter the carrier',
  trackingRequired: 'Enter the tracking number',
  appraisalRequired: 'Enter the appraised value',
  intakeCreated: 'Intake requested: ship your cards to the address shown',
  outtakeCreated: 'Outtake requested: pay the fee to start packing',
} as const;

export const addressSchema = z.strictObject({
  name: line(120, vaultMessages.nameRequired),
  line1: line(200, vaultMessages.line1Required),
  line2: line(200).optional(),
  city: line(100, vaultMessages.cityRequired),
  state: line(100, vaultMessages.stateRequired),
  postalCode: line(20, vaultMessages.postalCodeRequired),
  country: line(100, vaultMessages.countryRequired),
});
export type Address = z.infer<typeof addressSchema>;

export const OUTTAKE_MAX_CARDS_LIMIT = 100;
export const vaultSettingsSchema = z.strictObject({
  /** Where members ship cards for intake. */
  shippingAddress: addressSchema,
  /** The outtake fee: basis points of each card's value (100 = 1%), capped per card. */
  outtakeFeeBps: z.number({ error: 'Enter basis points' }).int('Whole basis points').min(0, 'From 0 to 10,000').max(10_000, 'From 0 to 10,000'),
  outtakeFeeCapCents: z.number({ error: 'Enter whole cents' }).int('Whole cents').min(0, 'Whole cents from $0'),
  outtakeMaxCards: z
    .number({ error: 'Enter a number of cards' })
    .int('A whole number of cards')
    .min(1, `From 1 to ${OUTTAKE_MAX_CARDS_LIMIT}`)
    .max(OUTTAKE_MAX_CARDS_LIMIT, `From 1 to ${OUTTAKE_MAX_CARDS_LIMIT}`),
});
export type VaultSettings = z.infer<typeof vaultSettingsSchema>;
export const defaultVaultSettings: VaultSettings = {
  shippingAddress: {
    name: 'The Vault, Receiving',
    line1: '100 Vault Way',
    line2: 'Suite 400',
    city: 'Wilmington',
    state: 'DE',
    postalCode: '19801',
    country: 'United States',
  },
  outtakeFeeBps: 100,
  outtakeFeeCapCents: 3000,
  outtakeMaxCards: 25,
};

// ---------------------------------------------------------------------------------------------
// Requests and answers
// ---------------------------------------------------------------------------------------------

const cardIdsSchema = z.array(z.uuid('Choose a card'), { error: vaultMessages.cardsRequired }).min(1, vaultMessages.cardsRequired);
// A hard ceiling for the parser; the setting (25 by default) is checked by the service.
export const createIntakeSchema = z.strictObject({ cardIds: cardIdsSchema.max(OUTTAKE_MAX_CARDS_LIMIT, `At most ${OUTTAKE_MAX_CARDS_LIMIT} cards`) });
export const createOuttakeSchema = z.strictObject({
  cardIds: cardIdsSchema.max(OUTTAKE_MAX_CARDS_LIMIT, vaultMessages.tooManyCards(OUTTAKE_MAX_CARDS_LIMIT)),
  address: addressSchema,
});
export type CreateOuttakeInput = z.infer<typeof createOuttakeSchema>;
export const outtakeQuoteQuerySchema = z.object({
  cardIds: z
    .string({ error: vaultMessages.cardsRequired })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(cardIdsSchema.max(OUTTAKE_MAX_CARDS_LIMIT, vaultMessages.tooManyCards(OUTTAKE_MAX_CARDS_LIMIT))),
});
export const vaultIdParamsSchema = z.object({ id: z.uuid() });
export const intakeItemParamsSchema = z.object({ id: z.uuid(), cardId: z.uuid() });
export const receiveCardSchema = z.strictObject({
  appraisedValueCents: z.number({ error: vaultMessages.appraisalRequired }).int('Whole cents').min(0, 'Whole cents from $0').max(10_000_000_000),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type ReceiveCardInput = z.infer<typeof receiveCardSchema>;
export const shipOuttakeSchema = z.strictObject({
  carrier: z.string().trim().min(1, vaultMessages.carrierRequired).max(60, 'At most 60 characters'),
  trackingNumber: z.string().trim().min(1, vaultMessages.trackingRequired).max(80, 'At most 80 characters'),
});
export type ShipOuttakeInput = z.infer<typeof shipOuttakeSchema>;

const vaultCardSchema = z.object({
  cardId: z.string(),
  title: z.string(),
  grader: z.string(),
  grade: z.string().nullable(),
  certNumber: z.string().nullable(),
  custody: z.enum(custodyStates),
});

export const intakeSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(intakeStatuses),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shippingAddress: addressSchema,
  items: z.array(
    vaultCardSchema.extend({
      receivedAt: z.string().nullable(),
      appraisedValueCents: z.number().nullable(),
    }),
  ),
});
export type Intake = z.infer<typeof intakeSchema>;

export const outtakeSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(outtakeStatuses),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  feeCents: z.number(),
  invoiceId: z.string().nullable(),
  address: addressSchema,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(vaultCardSchema.extend({ valueCents: z.number(), feeCents: z.number() })),
});
export type Outtake = z.infer<typeof outtakeSchema>;

export const outtakeQuoteSchema = z.object({
  feeCents: z.number(),
  feeBps: z.number(),
  capCents: z.number(),
  maxCards: z.number(),
  items: z.array(z.object({ cardId: z.string(), title: z.string(), valueCents: z.number(), feeCents: z.number() })),
});
export type OuttakeQuote = z.infer<typeof outtakeQuoteSchema>;

export const myVaultResponseSchema = z.object({
  shippingAddress: addressSchema,
  feeBps: z.number(),
  capCents: z.number(),
  maxCards: z.number(),
  intakes: z.array(intakeSchema),
  outtakes: z.array(outtakeSchema),
});
export type MyVaultResponse = z.infer<typeof myVaultResponseSchema>;
export const adminVaultResponseSchema = z.object({ intakes: z.array(intakeSchema), outtakes: z.array(outtakeSchema) });
export type AdminVaultResponse = z.infer<typeof adminVaultResponseSchema>;

/** A card's name in lists and on invoice lines. */
export function vaultCardTitle(c: { year: number; brand: string; subject: string; grader: string; grade: string | null }): string {
  const grade = c.grader === 'raw' ? 'Raw' : `${c.grader}${c.grade ? ` ${c.grade}` : ''}`;
  return `${c.year} ${c.brand} ${c.subject} · ${grade}`;
}
