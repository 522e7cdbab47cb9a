import { and, eq, inArray } from 'drizzle-orm';
import { normalizePhone } from '#common/phone.ts';
import { SMS_BODY_MAX_LENGTH } from '#common/sms-convos.ts';
import { optKeyword } from '#common/sms-keywords.ts';
import type { Actor, AppContext } from '#server/context.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests, users } from '#server/db/schema/users.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit } from '#server/lib/audit.ts';

export interface InboundSms {
  messageSid: string;
  from: string;
  to: string | null;
  body: string;
}

/**
 * Stores one inbound SMS (once per MessageSid, however often Twilio delivers it) and applies
 * STOP/START keywords to the sender's SMS consent.
 */
export async function receiveInboundSms(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, actor: Actor, sms: InboundSms) {
  const now = ctx.clock.now();
  const phone = normalizePhone(sms.from) ?? sms.from.trim();
  const keyword = optKeyword(sms.body);
  return inTransaction(ctx, async ({ tx }) => {
    const inserted = await tx
      .insert(smsMessages)
      .values({
        direction: 'inbound',
        phone,
        body: sms.body.slice(0, SMS_BODY_MAX_LENGTH),
        purpose: keyword ?? 'inbound',
        provider: 'twilio',
        providerId: sms.messageSid,
        status: 'received',
        createdAt: now,
      })
      .onConflictDoNothing({ target: smsMessages.providerId })
      .returning({ id: smsMessages.id });
    if (!inserted.length) return { stored: false as const, keyword: null };

    if (keyword) {
      const smsOptIn = keyword === 'opt_in';
      const members = await tx.update(users).set({ smsOptIn, updatedAt: now }).where(eq(users.phone, phone)).returning({ id: users.id });
      // A requester who is not a member yet carries the choice into the account made at sign-in.
      await tx
        .update(accessRequests)
        .set({ smsOptIn, updatedAt: now })
        .where(and(eq(accessRequests.phone, phone), inArray(accessRequests.status, ['pending', 'approved'])));
      await audit(tx, {
        actorId: members[0]?.id ?? null,
        action: keyword === 'opt_out' ? 'sms.opted_out' : 'sms.opted_in',
        targetType: members[0] ? 'user' : 'phone',
        targetId: members[0]?.id ?? phone,
        data: { messageId: inserted[0].id, via: 'keyword' },
        ip: actor.ip,
        at: now,
      });
    }
    return { stored: true as const, id: inserted[0].id, keyword };
  });
}
