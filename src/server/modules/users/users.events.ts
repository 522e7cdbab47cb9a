import type { AppContext } from '../../context.ts';

type Live = Pick<AppContext, 'live'>;

/** A member changed their own profile: their screens and the admins' user lists refresh. */
export async function profileUpdated(ctx: Live, userId: string) {
  await ctx.live.sessionsChanged(userId);
  await ctx.live.publish({ kind: 'user', userId }, { type: 'profile_updated', userId });
  await ctx.live.publish({ kind: 'admins' }, { type: 'user_updated', userId });
}

/** An admin changed a member's access: the member and every admin hear it once. */
export async function userUpdated(ctx: Live, userId: string) {
  // Roles or status may have changed: every instance drops its cached sessions of this user.
  await ctx.live.sessionsChanged(userId);
  await ctx.live.publish([{ kind: 'user', userId }, { kind: 'admins' }], { type: 'user_updated', userId });
}
