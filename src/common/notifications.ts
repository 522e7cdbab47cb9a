import { z } from 'zod';

/**
 * What a stored notification is about. Each place that raises a `notification` live event names
 * its kind; members choose per kind whether they are also texted.
 */
export const memberNotificationKinds = [
  'invoice_sent',
  'invoice_paid',
  'invoice_overdue',
  'card_request_updated',
  'sell_offer_updated',
  'listing_sold',
  'reservation_lapsed',
  'listing_offer_new',
  'listing_offer_updated',
  'listing_undercut',
  'loan_updated',
  'loan_defaulted',
  'hunt_updated',
  'hunt_source_found',
  'source_updated',
  'fund_request_decided',
  'fund_dealt',
  'cert_claim_decided',
  'card_claim_decided',
  'manager_invitation',
  'price_alert',
  'listing_alert',
  'vault_updated',
] as const;
/**
 * Only staff receive these (a member asked for something the desk must review, or answered a
 * manager's invitation): never texted, never chosen.
 */
export const staffNotificationKinds = [
  'card_request_new',
  'sell_offer_new',
  'house_offer_new',
  'loan_application_new',
  'hunt_request_new',
  'source_offer_new',
  'fund_request_new',
  'cert_claim_new',
  'manager_client_updated',
  'payment_refunded',
  'ledger_mismatch',
] as const;
export const notificationKinds = [...memberNotificationKinds, ...staffNotificationKinds] as const;
export type MemberNotificationKind = (typeof memberNotificationKinds)[number];
export type StaffNotificationKind = (typeof staffNotificationKinds)[number];
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationAreas = ['payments', 'marketplace', 'lending', 'hunts', 'funds', 'registry', 'portfolio'] as const;
export type NotificationArea = (typeof notificationAreas)[number];
export const notificationAreaLabels: Record<NotificationArea, string> = {
  payments: 'Invoices and payments',
  marketplace: 'Marketplace',
  lending: 'Loans',
  hunts: 'Hunts and sources',
  funds: 'Funds',
  registry: 'Registry',
  portfolio: 'Portfolio manager',
};

export interface NotificationKindInfo {
  label: string;
  description: string;
  smsByDefault: boolean;
  area: NotificationArea;
}

export const notificationKindInfo: Record<NotificationKind, NotificationKindInfo> = {
  invoice_sent: {
    label: 'New invoices',
    description: 'An invoice is ready to pay, including loan installments as they fall due.',
    smsByDefault: true,
    area: 'payments',
  },
  invoice_paid: { label: 'Payments received', description: 'A payment settled one of your invoices.', smsByDefault: false, area: 'payments' },
  invoice_overdue: { label: 'Overdue invoices', description: 'An invoice went past its due date.', smsByDefault: true, area: 'payments' },
  card_request_updated: {
    label: 'Card requests',
    description: 'A request to list or vault a card was approved, rejected, or the card reached the vault.',
    smsByDefault: true,
    area: 'marketplace',
  },
  sell_offer_updated: {
    label: 'Sell offers',
    description: 'The house countered, accepted or rejected a card you offered it.',
    smsByDefault: true,
    area: 'marketplace',
  },
  listing_sold: { label: 'Cards sold', description: 'A buyer paid for one of your listings.', smsByDefault: true, area: 'marketplace' },
  reservation_lapsed: {
    label: 'Reservations expired',
    description: 'A card you reserved went back on sale because it was not paid in time.',
    smsByDefault: false,
    area: 'marketplace',
  },
  listing_offer_new: {
    label: 'Offers on your listings',
    description: 'A buyer made the highest offer so far on one of your listings, or answered your counter.',
    smsByDefault: true,
    area: 'marketplace',
  },
  listing_offer_updated: {
    label: 'Your offers',
    description: 'A seller countered, accepted or declined your offer, or it expired.',
    smsByDefault: true,
    area: 'marketplace',
  },
  listing_undercut: {
    label: 'Undercut listings',
    description: 'A cheaper listing of the same card and grade appeared on the Private MarketPlace.',
    smsByDefault: false,
    area: 'marketplace',
  },
  loan_updated: {
    label: 'Loan updates',
    description: 'A loan offer was made, declined or expired, or a loan was funded or paid off.',
    smsByDefault: true,
    area: 'lending',
  },
  loan_defaulted: {
    label: 'Loan defaults',
    description: 'A loan went into default: an installment is unpaid past its grace period.',
    smsByDefault: true,
    area: 'lending',
  },
  hunt_updated: { label: 'Hunt requests', description: 'One of your hunts was approved, fulfilled or closed.', smsByDefault: false, area: 'hunts' },
  hunt_source_found: { label: 'Sources found', description: 'A card offered for one of your hunts was approved.', smsByDefault: true, area: 'hunts' },
  source_updated: {
    label: 'Your source offers',
    description: 'A card you offered for a hunt was approved, fulfilled or closed.',
    smsByDefault: false,
    area: 'hunts',
  },
  fund_request_decided: {
    label: 'Fund requests',
    description: 'A subscription or redemption request was accepted or declined.',
    smsByDefault: false,
    area: 'funds',
  },
  fund_dealt: { label: 'Fund dealings', description: 'A subscription or redemption was dealt at a valuation.', smsByDefault: false, area: 'funds' },
  cert_claim_decided: {
    label: 'Certificate claims',
    description: 'A claim you made for a certificate registered by someone else was approved or rejected.',
    smsByDefault: true,
    area: 'registry',
  },
  card_claim_decided: {
    label: 'Claims on your cards',
    description: 'Another member claimed a card you registered, and the claim was decided (approved claims move the card to them).',
    smsByDefault: true,
    area: 'registry',
  },
  vault_updated: {
    label: 'Vault intake and outtake',
    description: 'A card you sent reached the vault, or cards you asked for were shipped or delivered.',
    smsByDefault: true,
    area: 'registry',
  },
  manager_invitation: {
    label: 'Manager invitations',
    description: 'A portfolio manager invited you to let them manage your portfolio.',
    smsByDefault: false,
    area: 'portfolio',
  },
  price_alert: {
    label: 'Price alerts',
    description: 'A card you watch crossed the price you set on the market index.',
    smsByDefault: true,
    area: 'marketplace',
  },
  listing_alert: {
    label: 'New listings you watch',
    description: 'A card you watch, or one matching a search you saved, was listed on the Private MarketPlace.',
    smsByDefault: false,
    area: 'marketplace',
  },
  card_request_new: {
    label: 'New card requests',
    description: 'A member asked for a card to be listed or vaulted.',
    smsByDefault: false,
    area: 'marketplace',
  },
  sell_offer_new: { label: 'New sell offers', description: 'A member offered a card to the house.', smsByDefault: false, area: 'marketplace' },
  house_offer_new: {
    label: 'Offers on house listings',
    description: 'A member made an offer on a house listing.',
    smsByDefault: false,
    area: 'marketplace',
  },
  loan_application_new: { label: 'New loan applications', description: 'A member applied for a loan.', smsByDefault: false, area: 'lending' },
  hunt_request_new: { label: 'New hunt requests', description: 'A member posted a hunt to review.', smsByDefault: false, area: 'hunts' },
  source_offer_new: { label: 'New source offers', description: 'A member offered a card for a hunt.', smsByDefault: false, area: 'hunts' },
  fund_request_new: {
    label: 'New fund requests',
    description: 'A member asked to subscribe to or redeem from a fund.',
    smsByDefault: false,
    area: 'funds',
  },
  cert_claim_new: {
    label: 'New certificate claims',
    description: 'A member claimed a certificate registered by someone else.',
    smsByDefault: false,
    area: 'registry',
  },
  manager_client_updated: {
    label: 'Client answers',
    description: 'A client accepted or declined your invitation, or removed you as their manager.',
    smsByDefault: false,
    area: 'portfolio',
  },
  payment_refunded: {
    label: 'Refunded payments',
    description: 'Money captured for an invoice that could no longer take it was refunded.',
    smsByDefault: false,
    area: 'payments',
  },
  ledger_mismatch: {
    label: 'Reconciliation mismatches',
    description: "The day's payments and refunds at the provider did not match the ledger.",
    smsByDefault: false,
    area: 'payments',
  },
};

export const notificationVariants = ['default', 'destructive'] as const;
export type NotificationVariant = (typeof notificationVariants)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  message: z.string(),
  /** An app path (`/checkout?invoice=…`), never an outside address. */
  link: z.string().nullable(),
  variant: z.enum(notificationVariants),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().uuid() });

export const markReadResponseSchema = z.object({ unreadCount: z.number().int() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

/** Per kind: also send a text message. */
export const smsPreferencesSchema = z.object(
  Object.fromEntries(memberNotificationKinds.map((k) => [k, z.boolean()])) as Record<MemberNotificationKind, z.ZodBoolean>,
);
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;

export const notificationPreferencesSchema = z.object({
  sms: smsPreferencesSchema,
  /** The member's own SMS opt-in (profile); off means no notification is texted. */
  smsOptIn: z.boolean(),
  /** The phone answered STOP (and not START since): nothing is texted until START. */
  smsStopped: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const saveNotificationPreferencesSchema = z.object({ sms: smsPreferencesSchema.partial().strict() }).strict();
export type SaveNotificationPreferences = z.infer<typeof saveNotificationPreferencesSchema>;

export const notificationMessages = {
  notFound: 'Notification not found',
  stoppedHint: 'You replied STOP to our texts. Reply START to receive them again.',
  optedOutHint: 'Text messages are off in your profile, so none of these are sent.',
};

/** A link stored on a notification must stay inside the app. */
export const isAppPath = (s: string) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\');
