import type { onboardings } from '#server/db/schema/onboarding.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type OnboardingRow = typeof onboardings.$inferSelect;

/** An onboarding changed: the client, their manager and the admins (as of delivery) hear it. */
export async function announceOnboarding(ctx: EventsContext, row: Pick<OnboardingRow, 'clientUserId' | 'managerId' | 'status'>) {
  const userIds = [row.clientUserId, row.managerId].filter((v): v is string => Boolean(v));
  try {
    await ctx.live.publish(
      [{ kind: 'users', userIds }, { kind: 'admins' }],
      { type: 'onboarding_updated', userId: row.clientUserId ?? undefined, status: row.status },
    );
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'onboarding_updated not delivered');
  }
}
