import type { AppContext } from '#server/context.ts';

type Live = Pick<AppContext, 'live'>;

/** A member changed their own profile: their screens and the admins' user lists refresh. */
export async function profileUpdated(ctx: Live, userId: string) {
  await ctx.live.sessionsChanged(userId);
  await ctx.live.publish({ kind: 'user', userId }, { type: 'profile_updated', userId });
  await ctx.live.publish({ kind: 'admins' }, { type: 'user_updated', userId });
}

/**
 * An admin changed a member's access: the member and every admin hear it once. A suspension also
 * closes the member's sockets on every instance (their sessions ended in the same transaction).
 */
export async function userUpdated(ctx: Live, e: { userId: string; suspended: boolean }) {
  if (e.suspended) await ctx.live.disconnect(e.userId);
  // Roles or status may have changed: every instance drops its cached sessions of this user.
  await ctx.live.sessionsChanged(e.userId);
  await ctx.live.publish([{ kind: 'user', userId: e.userId }, { kind: 'admins' }], { type: 'user_updated', userId: e.userId });
}
