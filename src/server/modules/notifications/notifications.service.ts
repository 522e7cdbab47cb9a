import { z } from 'zod';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  NOTIFICATIONS_PAGE_SIZE,
  isAppPath,
  memberNotificationKinds,
  notificationKindInfo,
  notificationMessages,
  type MemberNotificationKind,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsResponse,
  type NotificationVariant,
  type SaveNotificationPreferences,
  type SmsPreferences,
} from '#common/notifications.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { notificationPreferences, notifications } from '#server/db/schema/notifications.ts';
import { notFound } from '#server/errors.ts';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';
import { inTransaction, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { isOptedOut } from '#server/modules/sms-convos/index.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { notificationRaised } from './notifications.events.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

export const NOTIFICATION_SMS_JOB = 'notifications.sms';

export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  message: string;
  variant?: NotificationVariant;
  /** The member whose record it is, and the path they follow to it; absent when only staff hear of it. */
  user?: { id: string; link: string | null };
  /** Every admin too, each with the staff path to the record. */
  admins?: { link: string | null };
  /**
   * The change's own live event already shows a toast (request_updated, loan_updated…): the
   * notification's event then only refreshes the bell, so nobody sees the news twice.
   */
  silent?: boolean;
  now: Date;
}

type NotificationRow = typeof notifications.$inferSelect;

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  message: r.message,
  link: r.link,
  variant: r.variant,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

const isMemberKind = (kind: NotificationKind): kind is MemberNotificationKind => (memberNotificationKinds as readonly string[]).includes(kind);

async function smsWanted(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  // Staff kinds are never texted, whatever a row might say.
  if (!isMemberKind(kind)) return false;
  const [pref] = await db
    .select({ sms: notificationPreferences.sms })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return pref?.sms ?? notificationKindInfo[kind].smsByDefault;
}

/**
 * The one way to raise a `notification` live event: stores a row per recipient (the member when
 * `user` is given, and every active admin when `admins` is given) in the caller's transaction, queues the member's
 * text message as a durable job when they want one for this kind, and publishes the live event
 * once the transaction has committed. Admins are never texted: the per-kind SMS choice is the
 * member's, about their own records.
 */
export async function notify(uow: UnitOfWork, input: NotifyInput): Promise<void> {
  const { tx } = uow;
  if (!input.user && !input.admins) throw new Error('a notification needs a recipient');
  for (const link of [input.user?.link, input.admins?.link]) {
    if (link && !isAppPath(link)) throw new Error(`notification link must be an app path: ${link}`);
  }
  const links = new Map<string, string | null>();
  if (input.admins) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.status, 'active')));
    for (const a of admins) links.set(a.id, input.admins.link);
  }
  // A member who is also an admin gets one row, with the member's own link.
  const user = input.user;
  if (user) links.set(user.id, user.link);
  if (!links.size) return;
  const base = { kind: input.kind, title: input.title, message: input.message, variant: input.variant ?? 'default', createdAt: input.now };
  const rows = await tx
    .insert(notifications)
    .values([...links].map(([userId, link]) => ({ ...base, userId, link })))
    .returning({ id: notifications.id, userId: notifications.userId });
  if (user) {
    const own = rows.find((r) => r.userId === user.id)!;
    const [member] = await tx.select({ smsOptIn: users.smsOptIn }).from(users).where(eq(users.id, user.id)).limit(1);
    if (member?.smsOptIn && (await smsWanted(tx, user.id, input.kind))) {
      await enqueueJob(tx, {
        name: NOTIFICATION_SMS_JOB,
        runAt: input.now,
        key: `${NOTIFICATION_SMS_JOB}:${own.id}`,
        payload: { notificationId: own.id },
      });
    }
  }
  uow.afterCommit(() =>
    notificationRaised(uow.ctx, {
      userId: user?.id ?? null,
      toAdmins: Boolean(input.admins),
      title: input.title,
      message: input.message,
      variant: input.variant,
      silent: input.silent,
    }),
  );
}

/**
 * Texts one stored notification to its member (the durable job). It is claimed first (`sms_at`),
 * so a retried or doubled job never texts twice; the member's opt-in, their choice for the kind
 * and a STOP reply are read again at sending time, since any may have changed since it was queued.
 * A provider failure gives the claim back and throws, so the runner retries with backoff.
 */
export async function sendNotificationSms(
  ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config'>,
  input: { notificationId: string },
): Promise<'sent' | 'skipped'> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ smsAt: ctx.clock.now() })
    .where(and(eq(notifications.id, input.notificationId), isNull(notifications.smsAt)))
    .returning();
  if (!row) return 'skipped';
  const [member] = await ctx.db
    .select({ phone: users.phone, smsOptIn: users.smsOptIn, status: users.status })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  if (!member || !member.smsOptIn || member.status !== 'active') return 'skipped';
  if (!(await smsWanted(ctx.db, row.userId, row.kind))) return 'skipped';
  if (await isOptedOut(ctx, { phone: member.phone })) return 'skipped';
  const link = row.link ? ` ${ctx.config.appOrigin}${row.link}` : '';
  const sent = await sendSms(ctx, { to: member.phone, body: `${row.title}: ${row.message}.${link}`, purpose: `notification_${row.kind}` });
  if (!sent.ok) {
    await ctx.db.update(notifications).set({ smsAt: null }).where(eq(notifications.id, row.id));
    throw new Error(`notification SMS not accepted: ${sent.error ?? sent.status}`);
  }
  return 'sent';
}

export function notificationsJobs(ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config'>): JobDefinition[] {
  return [
    defineJob({
      name: NOTIFICATION_SMS_JOB,
      payload: z.object({ notificationId: z.string() }),
      run: async ({ notificationId }) => {
        await sendNotificationSms(ctx, { notificationId });
      },
    }),
  ];
}

const unreadOf = async (db: Db, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0]!.n;

/** GET /api/user/notifications: the signed-in user's own, newest first, with the unread count. */
export async function myNotifications(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { page: number }): Promise<NotificationsResponse> {
  const mine = eq(notifications.userId, actor.user.id);
  const [rows, [{ total }], unreadCount] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset((input.page - 1) * NOTIFICATIONS_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(notifications).where(mine),
    unreadOf(ctx.db, actor.user.id),
  ]);
  return { notifications: rows.map(toNotification), unreadCount, total, page: input.page, pageSize: NOTIFICATIONS_PAGE_SIZE };
}

/** POST /api/user/notifications/{id}/read: another user's notification is simply not found. */
export async function markNotificationRead(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor, input: { id: string }) {
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${ctx.clock.now().toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, input.id), eq(notifications.userId, actor.user.id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(notificationMessages.notFound);
  return { unreadCount: await unreadOf(ctx.db, actor.user.id) };
}

/** POST /api/user/notifications/read-all. */
export async function markAllNotificationsRead(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor) {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(notifications.userId, actor.user.id), isNull(notifications.readAt)));
  return { unreadCount: 0 };
}

async function preferencesOf(db: Db, userId: string): Promise<SmsPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.sms]));
  return Object.fromEntries(memberNotificationKinds.map((k) => [k, chosen.get(k) ?? notificationKindInfo[k].smsByDefault])) as SmsPreferences;
}

/** GET /api/user/notification-preferences. */
export async function myNotificationPreferences(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<NotificationPreferences> {
  const [me] = await ctx.db.select({ phone: users.phone, smsOptIn: users.smsOptIn }).from(users).where(eq(users.id, actor.user.id)).limit(1);
  const [sms, smsStopped] = await Promise.all([preferencesOf(ctx.db, actor.user.id), me ? isOptedOut(ctx, { phone: me.phone }) : false]);
  return { sms, smsOptIn: me?.smsOptIn ?? false, smsStopped };
}

/** PUT /api/user/notification-preferences: the kinds given are saved; the others keep their choice. */
export async function saveNotificationPreferences(
  ctx: Pick<AppContext, 'db' | 'live' | 'clock'>,
  actor: SignedInActor,
  input: SaveNotificationPreferences,
): Promise<NotificationPreferences> {
  const now = ctx.clock.now();
  const entries = Object.entries(input.sms).filter((e): e is [MemberNotificationKind, boolean] => typeof e[1] === 'boolean');
  if (entries.length) {
    await inTransaction(ctx, async ({ tx }) => {
      await tx
        .insert(notificationPreferences)
        .values(entries.map(([kind, sms]) => ({ userId: actor.user.id, kind, sms, updatedAt: now })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { sms: sql`excluded.sms`, updatedAt: now },
        });
      await audit(tx, {
        ...auditBy(actor),
        action: 'notification_preferences.updated',
        targetType: 'user',
        targetId: actor.user.id,
        data: { sms: input.sms },
        at: now,
      });
    });
  }
  return myNotificationPreferences(ctx, actor);
}
