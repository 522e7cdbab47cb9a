import { and, count, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { SMS_THREAD_MAX_MESSAGES, SMS_THREADS_PAGE_SIZE, type SmsMessage, type SmsThread, type SmsThreadsResponse } from '#common/sms-convos.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { AppError, notFound } from '#server/errors.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { requesterDirectory } from './sms-convos.hooks.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/** A number is opted out when its latest keyword reply was STOP (or a synonym) rather than START. */
export async function isOptedOut(ctx: Pick<AppContext, 'db'>, input: { phone: string }): Promise<boolean> {
  const { phone } = input;
  const [last] = await ctx.db
    .select({ purpose: smsMessages.purpose })
    .from(smsMessages)
    .where(and(eq(smsMessages.phone, phone), eq(smsMessages.direction, 'inbound'), inArray(smsMessages.purpose, ['opt_out', 'opt_in'])))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(1);
  return last?.purpose === 'opt_out';
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Who is behind each phone: the member's name, and the Instagram of their latest access request. */
async function peopleFor(db: Db, phones: string[]) {
  const byPhone = new Map<string, { userId: string | null; name: string | null; smsOptIn: boolean | null; instagram: string | null }>();
  if (!phones.length) return byPhone;
  const [members, requests] = await Promise.all([
    db.select({ id: users.id, phone: users.phone, name: users.name, smsOptIn: users.smsOptIn }).from(users).where(inArray(users.phone, phones)),
    requesterDirectory().instagramByPhone(db, phones),
  ]);
  for (const p of phones) byPhone.set(p, { userId: null, name: null, smsOptIn: null, instagram: null });
  for (const m of members) Object.assign(byPhone.get(m.phone)!, { userId: m.id, name: m.name, smsOptIn: m.smsOptIn });
  for (const r of requests) byPhone.get(r.phone)!.instagram = r.instagram;
  return byPhone;
}

/** One thread per phone, the most recently active first. */
export async function listThreads(
  ctx: Pick<AppContext, 'db'>,
  _actor: SignedInActor,
  query: { q?: string; page: number },
): Promise<SmsThreadsResponse> {
  const { db } = ctx;
  let where: SQL | undefined;
  const term = query.q?.trim();
  if (term) {
    const like = `%${likeEscape(term)}%`;
    const parts: SQL[] = [
      ilike(smsMessages.phone, like),
      inArray(smsMessages.phone, db.select({ phone: users.phone }).from(users).where(ilike(users.name, like))),
    ];
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 3) parts.push(ilike(smsMessages.phone, `%${digits}%`));
    where = or(...parts);
  }
  const lastAt = max(smsMessages.createdAt);
  const [groups, [{ total }]] = await Promise.all([
    db
      .select({
        phone: smsMessages.phone,
        lastAt,
        messageCount: count(),
        inboundCount: sql<number>`count(*) filter (where ${smsMessages.direction} = 'inbound')`.mapWith(Number),
      })
      .from(smsMessages)
      .where(where)
      .groupBy(smsMessages.phone)
      .orderBy(desc(lastAt), smsMessages.phone)
      .limit(SMS_THREADS_PAGE_SIZE)
      .offset((query.page - 1) * SMS_THREADS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(distinct ${smsMessages.phone})`.mapWith(Number) })
      .from(smsMessages)
      .where(where),
  ]);
  const phones = groups.map((g) => g.phone);
  const [lasts, people] = await Promise.all([
    phones.length
      ? db
          .selectDistinctOn([smsMessages.phone], {
            phone: smsMessages.phone,
            body: smsMessages.body,
            direction: smsMessages.direction,
            purpose: smsMessages.purpose,
            status: smsMessages.status,
            createdAt: smsMessages.createdAt,
          })
          .from(smsMessages)
          .where(inArray(smsMessages.phone, phones))
          .orderBy(smsMessages.phone, desc(smsMessages.createdAt), desc(smsMessages.id))
      : Promise.resolve([]),
    peopleFor(db, phones),
  ]);
  const lastByPhone = new Map(lasts.map((l) => [l.phone, l]));
  return {
    threads: groups.map((g) => {
      const last = lastByPhone.get(g.phone)!;
      const who = people.get(g.phone)!;
      return {
        phone: g.phone,
        name: who.name,
        instagram: who.instagram,
        userId: who.userId,
        messageCount: Number(g.messageCount),
        inboundCount: Number(g.inboundCount),
        lastMessage: {
          body: last.body,
          direction: last.direction,
          purpose: last.purpose,
          status: last.status,
          createdAt: last.createdAt.toISOString(),
        },
      };
    }),
    page: query.page,
    pageSize: SMS_THREADS_PAGE_SIZE,
    total: Number(total),
  };
}

function toMessage(m: typeof smsMessages.$inferSelect, senders: Map<string, { id: string; name: string | null }>): SmsMessage {
  return {
    id: m.id,
    direction: m.direction,
    phone: m.phone,
    body: m.body,
    purpose: m.purpose,
    status: m.status,
    error: m.error,
    errorCode: m.errorCode,
    statusUpdatedAt: m.statusUpdatedAt?.toISOString() ?? null,
    sentBy: m.sentBy ? (senders.get(m.sentBy) ?? { id: m.sentBy, name: null }) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

async function sendersFor(db: Db, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, { id: string; name: string | null }>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether this phone is anyone we know: a member, a requester, or a number that has texted or been texted. */
async function isKnownPhone(db: Db, phone: string) {
  const [member, request, message] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1),
    requesterDirectory().hasRequested(db, phone),
    db.select({ id: smsMessages.id }).from(smsMessages).where(eq(smsMessages.phone, phone)).limit(1),
  ]);
  return member.length > 0 || request || message.length > 0;
}

/** Every message in and out for one phone, oldest first (the latest SMS_THREAD_MAX_MESSAGES). */
export async function getThread(ctx: Pick<AppContext, 'db'>, _actor: SignedInActor, input: { phone: string }): Promise<SmsThread> {
  const { db } = ctx;
  const { phone } = input;
  const recent = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.phone, phone))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(SMS_THREAD_MAX_MESSAGES);
  if (!recent.length && !(await isKnownPhone(db, phone))) throw notFound('No conversation with this number');
  const messages = recent.reverse();
  const [people, senders, optedOut] = await Promise.all([
    peopleFor(db, [phone]),
    sendersFor(
      db,
      messages.flatMap((m) => (m.sentBy ? [m.sentBy] : [])),
    ),
    isOptedOut(ctx, { phone }),
  ]);
  const who = people.get(phone)!;
  return {
    phone,
    name: who.name,
    instagram: who.instagram,
    userId: who.userId,
    smsOptIn: who.smsOptIn,
    optedOut,
    messages: messages.map((m) => toMessage(m, senders)),
  };
}

/** An admin writes to a phone by hand. Refused for unknown numbers and for numbers that replied STOP. */
export async function sendManualSms(
  ctx: Pick<AppContext, 'db' | 'clock' | 'sms'>,
  actor: SignedInActor,
  opts: { phone: string; body: string },
): Promise<SmsMessage> {
  const { db } = ctx;
  if (!(await isKnownPhone(db, opts.phone))) throw notFound('No conversation with this number');
  if (await isOptedOut(ctx, { phone: opts.phone })) {
    throw new AppError('conflict', 'This number has replied STOP. It can be texted again after it replies START.');
  }
  const result = await sendSms(ctx, { to: opts.phone, body: opts.body, purpose: 'manual', sentBy: actor.user.id });
  // After the send, not in one transaction with it: the provider's answer is what gets recorded.
  await audit(db, {
    ...auditBy(actor),
    action: 'sms.manual_sent',
    targetType: 'sms_message',
    targetId: result.id,
    data: { phone: opts.phone, status: result.status, length: opts.body.length },
    at: ctx.clock.now(),
  });
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, result.id)).limit(1);
  return toMessage(row, await sendersFor(db, [actor.user.id]));
}
