import { z } from 'zod';

/** The live event types of spec §7. */
export const liveEventTypes = [
  'access_request_updated',
  'kyc_document_updated',
  'kyc_status_updated',
  'user_updated',
  'profile_updated',
  'card_updated',
  'hunt_updated',
  'request_updated',
  'loan_updated',
  'sell_updated',
  'source_updated',
  'source_status_changed',
  'notification',
  'onboarding_updated',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

/** A live message (spec §3): type, userId, status, title, message, variant, playerName, year. */
export const liveMessageSchema = z.object({
  type: z.string(),
  userId: z.string().optional(),
  status: z.string().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  variant: z.enum(['default', 'destructive']).optional(),
  playerName: z.string().optional(),
  year: z.union([z.string(), z.number()]).optional(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** The first message a client sends; the server ignores userId and trusts only the session. */
export const liveAuthSchema = z.object({
  type: z.literal('auth'),
  userId: z.string().optional(),
  token: z.string().max(200).optional(),
});

export const LIVE_MAX_MESSAGE_BYTES = 64 * 1024;
/** Close codes: 1000 normal (no reconnect), 1008 policy (bad credentials, origin, rate), 1009 too big. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
