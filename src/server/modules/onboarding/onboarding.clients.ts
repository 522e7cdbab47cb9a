import { and, eq } from 'drizzle-orm';
import { onboardings } from '#server/db/schema/onboarding.ts';
import { actingClients } from '#server/lib/client-scope.ts';
import type { ClientDirectory } from '#server/modules/funds/index.ts';

/** The acting-client reads funds' manager screens need, provided to funds from the module definition (decision 135). */
export const onboardingClientDirectory: ClientDirectory = {
  async actingClientIds(db, caller) {
    const rows = await db.select({ id: onboardings.clientUserId }).from(onboardings).where(actingClients(caller));
    return rows.map((r) => r.id).filter((id): id is string => !!id);
  },
  async actingClientOf(db, caller, onboardingId) {
    const [o] = await db
      .select({ userId: onboardings.clientUserId })
      .from(onboardings)
      .where(and(eq(onboardings.id, onboardingId), actingClients(caller)))
      .limit(1);
    return o;
  },
};
