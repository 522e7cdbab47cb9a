import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { onboardings } from '../../db/schema/onboarding.ts';
import { users } from '../../db/schema/users.ts';

type OnboardingRow = typeof onboardings.$inferSelect;

/** Who hears an onboarding's live events: the client, their manager and every admin. */
export async function announceOnboarding(
  ctx: Pick<AppContext, 'db' | 'live'>,
  row: Pick<OnboardingRow, 'clientUserId' | 'managerId' | 'status'>,
  log?: { warn: (o: object, m: string) => void },
) {
  try {
    const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    const userIds = [...new Set([row.clientUserId, row.managerId, ...admins.map((a) => a.id)].filter((v): v is string => Boolean(v)))];
    if (!userIds.length) return;
    await ctx.live.publish(
      { kind: 'users', userIds },
      { type: 'onboarding_updated', userId: row.clientUserId ?? undefined, status: row.status },
    );
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message } }, 'onboarding_updated not delivered');
  }
}
