import { z } from 'zod';

/** A phone in E.164 as it appears in a thread's address (/api/admin/sms/threads/{phone}). */
export const threadPhoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'Not a valid phone number');

export const SMS_BODY_MAX_LENGTH = 1600;
export const SMS_THREADS_PAGE_SIZE = 50;
export const SMS_THREAD_MAX_MESSAGES = 500;

/** Which way a message went; the sms_messages.direction column takes its values from here. */
export const smsDirections = ['outbound', 'inbound'] as const;

/**
 * Twilio's statuses of an outbound message, in the order a message moves through them; the
 * terminal ones share a rank. A delivery callback moves a stored message only forward, so a late
 * 'sent' never overwrites 'delivered' (Twilio does not promise callbacks arrive in order).
 */
export const smsStatusRank: Record<string, number> = {
  accepted: 0,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
  partially_delivered: 5,
  read: 6,
};
export const smsOutboundStatuses = Object.keys(smsStatusRank);

/** What the common Twilio delivery error codes mean, for the admin's conversation view. */
export const twilioErrorLabels: Record<number, string> = {
  21610: 'The number replied STOP',
  30001: 'Queue overflow',
  30002: 'Account suspended',
  30003: 'Unreachable handset',
  30004: 'Message blocked',
  30005: 'Unknown number',
  30006: 'Landline or unreachable carrier',
  30007: 'Filtered by the carrier',
  30008: 'Unknown error',
  30034: 'Sender number not registered (10DLC)',
};

export const smsMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(smsDirections),
  phone: z.string(),
  body: z.string(),
  purpose: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  /** The provider's error code from a delivery report (e.g. Twilio 30003), when there was one. */
  errorCode: z.number().int().nullable(),
  /** When the provider last reported on the message. */
  statusUpdatedAt: z.string().nullable(),
  sentBy: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsThreadSummarySchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  instagram: z.string().nullable(),
  userId: z.uuid().nullable(),
  messageCount: z.number().int(),
  inboundCount: z.number().int(),
  lastMessage: z.object({
    body: z.string(),
    direction: z.enum(smsDirections),
    purpose: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
});
export type SmsThreadSummary = z.infer<typeof smsThreadSummarySchema>;

export const smsThreadsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const smsThreadsResponseSchema = z.object({
  threads: z.array(smsThreadSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SmsThreadsResponse = z.infer<typeof smsThreadsResponseSchema>;

export const smsThreadSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  instagram: z.string().nullable(),
  userId: z.uuid().nullable(),
  /** The member's account-SMS consent, when a member. */
  smsOptIn: z.boolean().nullable(),
  /** The number's last keyword was STOP (or a synonym): nothing can be sent until START. */
  optedOut: z.boolean(),
  messages: z.array(smsMessageSchema),
});
export type SmsThread = z.infer<typeof smsThreadSchema>;

export const sendManualSmsSchema = z.strictObject({
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(SMS_BODY_MAX_LENGTH, `A message can be at most ${SMS_BODY_MAX_LENGTH} characters`),
});
export type SendManualSmsInput = z.input<typeof sendManualSmsSchema>;

export const sendManualSmsResponseSchema = z.object({ message: smsMessageSchema });
