import type { AppContext } from '../../context.ts';
import type { onboardings } from '../../db/schema/onboarding.ts';

type OnboardingRow = typeof onboardings.$inferSelect;

/** An onboarding changed: the client, their manager and the admins (as of delivery) hear it. */
export async function announceOnboarding(
  ctx: Pick<AppContext, 'live'>,
  row: Pick<OnboardingRow, 'clientUserId' | 'managerId' | 'status'>,
  log?: { warn: (o: object, m: string) => void },
) {
  const userIds = [row.clientUserId, row.managerId].filter((v): v is string => Boolean(v));
  try {
    await ctx.live.publish(
      [{ kind: 'users', userIds }, { kind: 'admins' }],
      { type: 'onboarding_updated', userId: row.clientUserId ?? undefined, status: row.status },
    );
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message } }, 'onboarding_updated not delivered');
  }
}
