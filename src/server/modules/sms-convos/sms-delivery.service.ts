import { and, eq, notInArray } from 'drizzle-orm';
import { SMS_BODY_MAX_LENGTH, smsStatusRank, twilioErrorLabels } from '#common/sms-convos.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { smsMessages } from '#server/db/schema/sms.ts';

export interface DeliveryStatus {
  messageSid: string;
  status: string;
  errorCode: number | null;
}

const FAILED = new Set(['undelivered', 'failed']);

/**
 * Called by the webhooks module (which receives the report) here, in the module that owns the
 * messages (decision 135). Applies one of Twilio's delivery reports to the outbound message it is about. Only forward: the
 * update matches a message whose status ranks below the reported one, so reports arriving late or
 * twice change nothing (a 'sent' after 'delivered', a second 'delivered'). A report about a
 * message we do not have, or with a status we do not know, is ignored.
 */
export async function applyDeliveryStatus(ctx: Pick<AppContext, 'db' | 'clock'>, report: DeliveryStatus) {
  const rank = smsStatusRank[report.status];
  if (rank === undefined) return { updated: false };
  const notBelow = Object.entries(smsStatusRank)
    .filter(([, r]) => r >= rank)
    .map(([s]) => s);
  const failed = FAILED.has(report.status);
  const code = failed ? report.errorCode : null;
  const rows = await ctx.db
    .update(smsMessages)
    .set({
      status: report.status,
      errorCode: code,
      error: failed ? `Twilio error ${code ?? 'unknown'}${code && twilioErrorLabels[code] ? `: ${twilioErrorLabels[code]}` : ''}` : null,
      statusUpdatedAt: ctx.clock.now(),
    })
    .where(and(eq(smsMessages.providerId, report.messageSid), eq(smsMessages.direction, 'outbound'), notInArray(smsMessages.status, notBelow)))
    .returning({ id: smsMessages.id });
  return { updated: rows.length > 0 };
}

/** One inbound SMS, stored once per provider id: its row id, or null when Twilio delivered it before. */
export async function storeInboundSms(
  tx: Db,
  sms: { phone: string; body: string; purpose: string; providerId: string; createdAt: Date },
): Promise<string | null> {
  const inserted = await tx
    .insert(smsMessages)
    .values({
      direction: 'inbound',
      phone: sms.phone,
      body: sms.body.slice(0, SMS_BODY_MAX_LENGTH),
      purpose: sms.purpose,
      provider: 'twilio',
      providerId: sms.providerId,
      status: 'received',
      createdAt: sms.createdAt,
    })
    .onConflictDoNothing({ target: smsMessages.providerId })
    .returning({ id: smsMessages.id });
  return inserted[0]?.id ?? null;
}
