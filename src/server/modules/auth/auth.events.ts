import type { AppContext } from '#server/context.ts';

type Live = Pick<AppContext, 'live'>;

/** A sign-in may promote (ADMIN_PHONES) or name the user: their other sessions' cached rows go. */
export async function signedIn(ctx: Live, userId: string) {
  await ctx.live.sessionsChanged(userId);
}

/** A session ended (logout, return to admin): its sockets close on every instance. */
export async function sessionEnded(ctx: Live, e: { userId: string; sessionId: string }) {
  await ctx.live.disconnect(e.userId, e.sessionId);
}
