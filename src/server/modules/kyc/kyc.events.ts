import { eq } from 'drizzle-orm';
import type { KycDocumentStatus } from '#common/kyc.ts';
import type { AppContext } from '../../context.ts';
import { onboardings } from '../../db/schema/onboarding.ts';
import { announceOnboarding } from '../onboarding/onboarding.events.ts';
import { kycStatusOf } from './kyc.service.ts';

/**
 * Tells the owner and the admins that a document changed (kyc_document_updated) and what the
 * owner's KYC status now is (kyc_status_updated); the client's manager hears onboarding_updated,
 * since their client page shows the review status.
 */
export async function announceKyc(
  ctx: Pick<AppContext, 'db' | 'live'>,
  userId: string,
  docStatus: KycDocumentStatus,
  log?: { warn: (o: object, m: string) => void },
) {
  try {
    const audience = [{ kind: 'user' as const, userId }, { kind: 'admins' as const }];
    const { status } = await kycStatusOf(ctx.db, userId);
    await ctx.live.publish(audience, { type: 'kyc_document_updated', userId, status: docStatus });
    await ctx.live.publish(audience, { type: 'kyc_status_updated', userId, status });
    const [o] = await ctx.db.select().from(onboardings).where(eq(onboardings.clientUserId, userId)).limit(1);
    if (o) await announceOnboarding(ctx, o, log);
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message } }, 'kyc events not delivered');
  }
}
