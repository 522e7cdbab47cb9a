import type { KycDocumentStatus, KycStatus } from '#common/kyc.ts';
import type { EventsContext } from '#server/lib/transition.ts';

/**
 * Tells the owner and the admins that a document changed (kyc_document_updated) and what the
 * owner's KYC status now is (kyc_status_updated). The client's manager hears onboarding_updated
 * from the onboarding module, since their client page shows the review status.
 */
export async function announceKyc(ctx: EventsContext, e: { userId: string; docStatus: KycDocumentStatus; status: KycStatus }) {
  try {
    const audience = [{ kind: 'user' as const, userId: e.userId }, { kind: 'admins' as const }];
    await ctx.live.publish(audience, { type: 'kyc_document_updated', userId: e.userId, status: e.docStatus });
    await ctx.live.publish(audience, { type: 'kyc_status_updated', userId: e.userId, status: e.status });
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'kyc events not delivered');
  }
}
