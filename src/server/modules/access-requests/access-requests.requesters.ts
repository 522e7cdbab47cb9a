import { desc, eq, inArray } from 'drizzle-orm';
import { accessRequests } from '#server/db/schema/users.ts';
import type { RequesterDirectory } from '#server/modules/sms-convos/index.ts';

/** The requester reads the SMS inbox needs, provided to sms-convos from the module definition (decision 135). */
export const accessRequesterDirectory: RequesterDirectory = {
  instagramByPhone(db, phones) {
    return db
      .selectDistinctOn([accessRequests.phone], { phone: accessRequests.phone, instagram: accessRequests.instagram })
      .from(accessRequests)
      .where(inArray(accessRequests.phone, [...phones]))
      .orderBy(accessRequests.phone, desc(accessRequests.createdAt));
  },
  async hasRequested(db, phone) {
    const rows = await db.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.phone, phone)).limit(1);
    return rows.length > 0;
  },
};
