import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { managerConsentEvents, onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';

const DAY = 86_400_000;

/**
 * The demo manager has invited an existing demo member, who has not answered yet (decision 127):
 * the member sees the invitation with Accept and Decline, the manager sees "Invitation pending"
 * and nothing of the member. Only when the member's phone has no onboarding, so it is safe on
 * every start and never undoes an answer given since.
 */
export async function seedDemoOnboarding(
  db: Db,
  { managerPhone, memberPhone, now = new Date() }: { managerPhone: string; memberPhone: string; now?: Date },
) {
  const [manager] = await db.select().from(users).where(eq(users.phone, managerPhone)).limit(1);
  const [member] = await db.select().from(users).where(eq(users.phone, memberPhone)).limit(1);
  if (!manager?.isManager || !member) return;
  const [existing] = await db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.clientPhone, memberPhone)).limit(1);
  if (existing) return;
  const at = new Date(now.getTime() - DAY);
  const [o] = await db
    .insert(onboardings)
    .values({
      clientPhone: member.phone,
      clientName: member.name,
      clientUserId: member.id,
      managerId: manager.id,
      managerConsent: 'pending',
      suggestedTier: 'investor',
      invitedAt: at,
      lastInvitedAt: at,
      lastActivityAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: onboardings.clientPhone })
    .returning();
  if (!o) return;
  await db.insert(onboardingEvents).values({ onboardingId: o.id, fromStatus: null, toStatus: 'pending_invitation', actorId: manager.id, at });
  await db
    .insert(managerConsentEvents)
    .values({ onboardingId: o.id, managerId: manager.id, fromStatus: null, toStatus: 'pending', actorId: manager.id, at });
  await db.insert(notifications).values({
    userId: member.id,
    kind: 'manager_invitation',
    title: 'Portfolio manager invitation',
    message: `${manager.name ?? 'A portfolio manager'} invited you to let them manage your portfolio. Nothing is shared with them until you accept`,
    link: '/dashboard',
    createdAt: at,
  });
}
