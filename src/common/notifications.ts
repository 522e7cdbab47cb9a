import { z } from 'zod';

/**
 * What a stored notification is about. Each place that raises a `notification` live event names
 * its kind; members choose per kind whether they are also texted.
 */
export const notificationKinds = ['invoice_sent', 'invoice_paid', 'invoice_overdue'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindInfo: Record<NotificationKind, { label: string; description: string; smsByDefault: boolean }> = {
  invoice_sent: { label: 'New invoices', description: 'An invoice is ready to pay.', smsByDefault: true },
  invoice_paid: { label: 'Payments received', description: 'A payment settled one of your invoices.', smsByDefault: false },
  invoice_overdue: { label: 'Overdue invoices', description: 'An invoice went past its due date.', smsByDefault: true },
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
  Object.fromEntries(notificationKinds.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
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
