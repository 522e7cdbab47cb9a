import type { NotificationVariant } from '#common/notifications.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

/**
 * A stored notification is announced live: its member (and every admin when they were notified
 * too) sees the toast, and the bell's count refreshes. Delivery failures are logged, never thrown
 * into the committed change.
 */
export async function notificationRaised(
  ctx: Pick<EventsContext, 'live' | 'log'>,
  e: { userId: string; toAdmins: boolean; title: string; message: string; variant?: NotificationVariant },
) {
  const to = e.toAdmins ? [{ kind: 'user' as const, userId: e.userId }, { kind: 'admins' as const }] : { kind: 'user' as const, userId: e.userId };
  try {
    await ctx.live.publish(to, { type: 'notification', userId: e.userId, title: e.title, message: e.message, ...(e.variant ? { variant: e.variant } : {}) });
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, 'notification not delivered');
  }
}
