import { z } from 'zod';
import type { AccessRequestStatus } from './access-request.ts';
import type { KycDocumentStatus, KycStatus } from './kyc.ts';
import type { OnboardingStatus } from './onboarding.ts';

/** The fields spec §3 lets a not-yet-built domain's event carry (cards, hunts, loans, sources…). */
interface DomainEventFields {
  userId?: string;
  status?: string;
  playerName?: string;
  year?: string | number;
}

/**
 * Every live event the server raises (spec §7), one member per type with its payload typed.
 * `userId` names whose record changed; the audience decides who hears it.
 */
export type LiveEvent =
  | { type: 'access_request_updated'; userId: string; status: AccessRequestStatus; message?: string }
  | { type: 'kyc_document_updated'; userId: string; status: KycDocumentStatus }
  | { type: 'kyc_status_updated'; userId: string; status: KycStatus }
  | { type: 'user_updated'; userId: string }
  | { type: 'profile_updated'; userId: string }
  | { type: 'onboarding_updated'; userId?: string; status: OnboardingStatus }
  | { type: 'notification'; userId?: string; title: string; message: string; variant?: 'default' | 'destructive' }
  | ({ type: 'card_updated' } & DomainEventFields)
  | ({ type: 'hunt_updated' } & DomainEventFields)
  | ({ type: 'request_updated' } & DomainEventFields)
  | ({ type: 'loan_updated' } & DomainEventFields)
  | ({ type: 'sell_updated' } & DomainEventFields)
  | ({ type: 'source_updated' } & DomainEventFields)
  | ({ type: 'source_status_changed' } & DomainEventFields);
export type LiveEventType = LiveEvent['type'];
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/** The live event types of spec §7; the `satisfies` clause keeps the list and the union equal. */
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
] as const satisfies readonly LiveEventType[];
type MissingFromList = Exclude<LiveEventType, (typeof liveEventTypes)[number]>;
export const liveEventListIsComplete: MissingFromList extends never ? true : MissingFromList = true;

export { liveControlTypes } from './live-control.ts';

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
