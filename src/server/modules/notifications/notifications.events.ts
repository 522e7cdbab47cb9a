import type { NotificationVariant } from '#common/notifications.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

/**
 * A stored notification is announced live: its member (and every admin when they were notified
 * too) sees the toast, and the bell's count refreshes. A silent one refreshes the bell only: its
 * change's own event already showed the toast. Delivery failures are logged, never thrown
 * into the committed change.
 */
export async function notificationRaised(
  ctx: Pick<EventsContext, 'live' | 'log'>,
  e: { userId: string | null; toAdmins: boolean; title: string; message: string; variant?: NotificationVariant; silent?: boolean },
) {
  const to = [...(e.userId ? [{ kind: 'user' as const, userId: e.userId }] : []), ...(e.toAdmins ? [{ kind: 'admins' as const }] : [])];
  try {
    await ctx.live.publish(to, {
      type: 'notification',
      ...(e.userId ? { userId: e.userId } : {}),
      title: e.title,
      message: e.message,
      ...(e.variant ? { variant: e.variant } : {}),
      ...(e.silent ? { silent: true } : {}),
    });
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, 'notification not delivered');
  }
}
