import type { onboardings } from '#server/db/schema/onboarding.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type OnboardingRow = typeof onboardings.$inferSelect;

/**
 * An onboarding changed: the client and the admins (as of delivery) hear it, and the manager when
 * the client has accepted them (decision 127). A manager without consent hears nothing of the
 * client's own doings; when the consent itself changed (`consentChanged`), they hear a bare
 * onboarding_updated, without the client's id or progress, so their list refreshes.
 */
export async function announceOnboarding(
  ctx: EventsContext,
  row: Pick<OnboardingRow, 'clientUserId' | 'managerId' | 'status' | 'managerConsent'>,
  opts: { consentChanged?: boolean } = {},
) {
  const consented = row.managerConsent === 'accepted';
  const userIds = [row.clientUserId, consented ? row.managerId : null].filter((v): v is string => Boolean(v));
  try {
    await ctx.live.publish([{ kind: 'users', userIds }, { kind: 'admins' }], {
      type: 'onboarding_updated',
      userId: row.clientUserId ?? undefined,
      status: row.status,
    });
    if (!consented && opts.consentChanged && row.managerId) {
      await ctx.live.publish({ kind: 'user', userId: row.managerId }, { type: 'onboarding_updated', status: 'pending_invitation' });
    }
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'onboarding_updated not delivered');
  }
}
