import { normalizePhone } from '#common/phone.ts';
import { optKeyword } from '#common/sms-keywords.ts';
import type { Actor, AppContext } from '#server/context.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit } from '#server/lib/audit.ts';
import { carrySmsOptInToRequest } from '#server/modules/access-requests/index.ts';
import { storeInboundSms } from '#server/modules/sms-convos/index.ts';
import { setSmsOptInByPhone } from '#server/modules/users/index.ts';

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
    const stored = await storeInboundSms(tx, { phone, body: sms.body, purpose: keyword ?? 'inbound', providerId: sms.messageSid, createdAt: now });
    if (!stored) return { stored: false as const, keyword: null };

    if (keyword) {
      const smsOptIn = keyword === 'opt_in';
      const memberId = await setSmsOptInByPhone(tx, phone, smsOptIn, now);
      // A requester who is not a member yet carries the choice into the account made at sign-in.
      await carrySmsOptInToRequest(tx, phone, smsOptIn, now);
      await audit(tx, {
        actorId: memberId,
        action: keyword === 'opt_out' ? 'sms.opted_out' : 'sms.opted_in',
        targetType: memberId ? 'user' : 'phone',
        targetId: memberId ?? phone,
        data: { messageId: stored, via: 'keyword' },
        ip: actor.ip,
        at: now,
      });
    }
    return { stored: true as const, id: stored, keyword };
  });
}
