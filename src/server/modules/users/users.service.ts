import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_USERS_PAGE_SIZE,
  messages,
  userTransitions,
  type AdminUser,
  type AdminUserPatch,
  type Profile,
  type ProfilePatch,
  type UserStatus,
} from '#common/auth.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { userEvents, users } from '#server/db/schema/users.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { historyIn, inTransaction, transition, type Aggregate } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { profileUpdated, userUpdated } from './users.events.ts';
import { revokeSessionsOf } from './users.hooks.ts';

type User = typeof users.$inferSelect;

/** Suspension and reinstatement (decision 136); user.suspended / user.reactivated are their audit rows. */
const userAggregate: Aggregate<UserStatus, User> = {
  name: 'user',
  table: users,
  idColumn: users.id,
  statusColumn: users.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: userTransitions,
  audited: false,
  recordHistory: historyIn(userEvents, 'userId'),
  conflict: () => new AppError('conflict', 'This user changed meanwhile; reload and try again'),
  notFound: () => notFound('User not found'),
};

const toProfile = (u: User): Profile => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  email: u.email,
  marketingOptIn: u.marketingOptIn,
  smsOptIn: u.smsOptIn,
  createdAt: u.createdAt.toISOString(),
});

const toAdminUser = (u: User): AdminUser => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  email: u.email,
  isAdmin: u.isAdmin,
  isManager: u.isManager,
  status: u.status,
  lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

/** GET /api/user/profile. */
export async function getProfile(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<Profile> {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, actor.user.id)).limit(1);
  if (!u) throw notFound('User not found');
  return toProfile(u);
}

/**
 * PATCH /api/user/profile: the caller's own profile; '' clears name or email. The phone is not
 * changed here (when it becomes changeable it gets its own route, refused while impersonating).
 * An admin impersonating the member may fix the name or email (the route's support exception);
 * the message choices (marketing, SMS) are the member's consent, so changing them is refused.
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>,
  actor: SignedInActor,
  patch: ProfilePatch,
): Promise<Profile> {
  const userId = actor.user.id;
  if (actor.impersonatorId && (patch.marketingOptIn !== undefined || patch.smsOptIn !== undefined)) {
    const [current] = await ctx.db
      .select({ marketingOptIn: users.marketingOptIn, smsOptIn: users.smsOptIn })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!current) throw notFound('User not found');
    const changes =
      (patch.marketingOptIn !== undefined && patch.marketingOptIn !== current.marketingOptIn) ||
      (patch.smsOptIn !== undefined && patch.smsOptIn !== current.smsOptIn);
    if (changes) throw forbidden(messages.impersonationReadOnly);
  }
  const set: Partial<User> = { updatedAt: ctx.clock.now() };
  if (patch.name !== undefined) set.name = patch.name.trim() || null;
  if (patch.email !== undefined) set.email = patch.email.trim() || null;
  if (patch.marketingOptIn !== undefined) set.marketingOptIn = patch.marketingOptIn;
  if (patch.smsOptIn !== undefined) set.smsOptIn = patch.smsOptIn;
  const [u] = await ctx.db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!u) throw notFound('User not found');
  await profileUpdated(ctx, userId);
  return toProfile(u);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Admin user list: search by name or phone (formatting ignored), newest first, paged. */
export async function listUsers(ctx: Pick<AppContext, 'db'>, _actor: SignedInActor, opts: { q?: string; page: number }) {
  const where: SQL[] = [];
  const q = opts.q?.trim();
  if (q) {
    const terms: SQL[] = [ilike(users.name, `%${escapeLike(q)}%`), ilike(users.phone, `%${escapeLike(q)}%`)];
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 3) terms.push(ilike(users.phone, `%${digits}%`));
    where.push(or(...terms)!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), asc(users.phone))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((opts.page - 1) * ADMIN_USERS_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(users).where(cond),
  ]);
  return { users: rows.map(toAdminUser), page: opts.page, pageSize: ADMIN_USERS_PAGE_SIZE, total: Number(total) };
}

/**
 * Changes roles or status. An admin cannot demote or suspend themselves. Suspending ends every
 * session of the user (and any impersonation they run); removing admin ends their impersonations.
 */
export async function updateUserAccess(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>,
  actor: SignedInActor,
  input: AdminUserPatch & { id: string },
): Promise<AdminUser> {
  const { id: userId, ...patch } = input;
  const now = ctx.clock.now();
  if (userId === actor.user.id) {
    if (patch.isAdmin === false) throw new AppError('conflict', 'You cannot remove your own admin role');
    if (patch.status === 'suspended') throw new AppError('conflict', 'You cannot suspend yourself');
  }
  return inTransaction(ctx, async (uow) => {
    const { tx, afterCommit } = uow;
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!before) throw notFound('User not found');
    const set: Partial<User> = {};
    const roleChanges: Record<string, { from: boolean; to: boolean }> = {};
    for (const key of ['isAdmin', 'isManager'] as const) {
      if (patch[key] !== undefined && patch[key] !== before[key]) {
        set[key] = patch[key];
        roleChanges[key] = { from: before[key], to: patch[key]! };
      }
    }
    const statusChanged = patch.status !== undefined && patch.status !== before.status;
    // Every answered change is announced, even one that changed nothing (the screens re-read).
    const announce = (u: User) => afterCommit(() => userUpdated(ctx, { userId, suspended: u.status === 'suspended' }));
    if (!Object.keys(set).length && !statusChanged) {
      announce(before);
      return toAdminUser(before);
    }

    // The row is locked above, so the move from its current status cannot lose a race.
    const [after] = statusChanged
      ? [await transition(uow, userAggregate, { id: userId, from: before.status, to: patch.status!, actor, now, patch: set })]
      : await tx
          .update(users)
          .set({ ...set, updatedAt: now })
          .where(eq(users.id, userId))
          .returning();
    const who = { ...auditBy(actor), targetType: 'user', targetId: userId, at: now };
    if (Object.keys(roleChanges).length) {
      await audit(tx, { ...who, action: 'user.roles_changed', data: roleChanges });
      if (roleChanges.isAdmin?.to === false) await revokeSessionsOf(tx, userId, now, { asImpersonatorOnly: true });
    }
    if (statusChanged) {
      let sessionsEnded = 0;
      if (after.status === 'suspended') sessionsEnded = await revokeSessionsOf(tx, userId, now);
      await audit(tx, { ...who, action: after.status === 'suspended' ? 'user.suspended' : 'user.reactivated', data: { sessionsEnded } });
    }
    announce(after);
    return toAdminUser(after);
  });
}
