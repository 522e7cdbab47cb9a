import { z } from 'zod';
import type { AccessRequestStatus } from './access-request.ts';
import type { CardUpdatedReason, Custody } from './cards.ts';
import type { FundUpdateReason } from './funds.ts';
import type { HuntStatus, SourceStatus } from './hunts.ts';
import type { KycDocumentStatus, KycStatus } from './kyc.ts';
import type { LoanStatus } from './lending.ts';
import type { CardRequestKind, CardRequestStatus, ListingStatus, PromotionStatus, SellOfferStatus } from './marketplace.ts';
import type { OnboardingStatus } from './onboarding.ts';

interface SourceEventFields {
  /** The responder (whose offer it is). */
  userId: string;
  sourceId: string;
  huntId: string;
  status: SourceStatus;
  playerName: string;
  year?: number;
  /** For the requester and admins: what happened, in words. */
  message?: string;
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
  | {
      type: 'notification';
      userId?: string;
      title: string;
      message: string;
      variant?: 'default' | 'destructive';
      /** The change's own event already toasted it: refresh the bell, show nothing. */
      silent?: boolean;
    }
  | {
      type: 'card_updated';
      /** The card's owner. */
      userId: string;
      cardId: string;
      reason: CardUpdatedReason;
      custody: Custody;
      playerName: string;
      year: number;
    }
  | {
      type: 'hunt_updated';
      /** The requester; absent on the board's refresh to every member (which toasts nobody). */
      userId?: string;
      huntId: string;
      status: HuntStatus;
      playerName: string;
      year?: number;
      /** For admins: what happened, in words (they are not the requester). */
      message?: string;
    }
  | {
      type: 'request_updated';
      /** The member who asked. */
      userId: string;
      requestId: string;
      kind: CardRequestKind;
      status: CardRequestStatus;
      playerName: string;
      year: number;
    }
  | {
      type: 'loan_updated';
      /** The borrower. */
      userId: string;
      loanId?: string;
      status: LoanStatus;
      /** What happened, in words (the toast's text). */
      message?: string;
    }
  | {
      type: 'sell_updated';
      /** The member offering the card. */
      userId: string;
      sellId: string;
      status: SellOfferStatus;
      playerName: string;
      year: number;
    }
  | ({ type: 'source_updated' } & SourceEventFields)
  | ({ type: 'source_status_changed' } & SourceEventFields)
  | {
      /** A listing listed, reserved, released, sold, repriced or withdrawn: every open /secure page refreshes. */
      type: 'listing_updated';
      listingId: string;
      cardId: string;
      status: ListingStatus;
      /** The seller (absent for house listings). */
      userId?: string;
    }
  | {
      type: 'promotion_updated';
      /** The seller who asked. */
      userId: string;
      promotionId: string;
      listingId: string;
      status: PromotionStatus;
    }
  | {
      type: 'fund_updated';
      fundId: string;
      /** The member whose request, transaction or position changed; absent when every member's view of the fund changed. */
      userId?: string;
      reason: FundUpdateReason;
      /** For the member: what happened, in words. */
      message?: string;
    };
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
  'listing_updated',
  'promotion_updated',
  'fund_updated',
] as const satisfies readonly LiveEventType[];
type MissingFromList = Exclude<LiveEventType, (typeof liveEventTypes)[number]>;
export const liveEventListIsComplete: MissingFromList extends never ? true : MissingFromList = true;

export { liveControlTypes } from './live-control.ts';

export { parseLiveMessage, type LiveMessage } from './live-message.ts';

/** The first message a client sends; the server ignores userId and trusts only the session. */
export const liveAuthSchema = z.object({
  type: z.literal('auth'),
  userId: z.string().optional(),
  token: z.string().max(200).optional(),
});

export { CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG, LIVE_MAX_MESSAGE_BYTES } from './live-message.ts';
