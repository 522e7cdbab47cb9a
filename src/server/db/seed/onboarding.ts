import { eq } from 'drizzle-orm';
import { onboardingStatuses, type Allocation, type OnboardingStatus, type TierId } from '#common/onboarding.ts';
import type { Db } from '#server/db/client.ts';
import { managerConsentEvents, onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { users } from '#server/db/schema/users.ts';
import { agreementSha256, SERVICE_AGREEMENT } from '#server/modules/onboarding/index.ts';

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

/**
 * DEMO DATA. The demo manager's clients at three stages, so /manager is a working desk: one
 * invited by text who has not signed in, one who is waiting for the review of the identity
 * documents they uploaded (seed/kyc.ts), and one funded (the deposit's fund positions are
 * subscribed by seed/funds.ts, which builds the funds). Each accepted by signing in with the
 * invited phone (decision 127). Days are counted back from the seed's clock.
 */
export interface DemoClient {
  phone: string;
  name: string;
  invitedDaysAgo: number;
  /** Null: has not signed in; otherwise the day they signed in (and accepted, and joined). */
  signedInDaysAgo: number | null;
  status: OnboardingStatus;
  suggestedTier: TierId;
  tier?: TierId;
  allocation?: Allocation;
  signedDaysAgo?: number;
  deposit?: { cents: number; daysAgo: number };
}

export const demoClients = [
  {
    phone: '+12125550105',
    name: 'Taylor Brooks',
    invitedDaysAgo: 2,
    signedInDaysAgo: null,
    status: 'pending_invitation',
    suggestedTier: 'collector',
  },
  {
    phone: '+12125550106',
    name: 'Priya Raman',
    invitedDaysAgo: 10,
    signedInDaysAgo: 9,
    status: 'kyc_upload',
    suggestedTier: 'investor',
    tier: 'investor',
    allocation: { vintage: 30, modern: 30, basketball: 20, baseball: 10, football: 10, other: 0 },
  },
  {
    phone: '+12125550107',
    name: 'Marcus Bell',
    invitedDaysAgo: 130,
    signedInDaysAgo: 129,
    status: 'active',
    suggestedTier: 'private',
    tier: 'private',
    allocation: { vintage: 20, modern: 40, basketball: 25, baseball: 5, football: 10, other: 0 },
    signedDaysAgo: 126,
    deposit: { cents: 250_000_00, daysAgo: 95 },
  },
] as const satisfies readonly DemoClient[];

/** The funded client's deposit, by fund, dealt at each fund's next month-end valuation (seed/funds.ts). */
export const demoClientFunds: { phone: string; funds: { slug: string; percent: number }[] } = {
  phone: '+12125550107',
  funds: [
    { slug: 'modern-basketball', percent: 60 },
    { slug: 'multi-sport-blue-chip', percent: 40 },
  ],
};

const tierMinimums: Record<TierId, number> = { collector: 25_000_00, investor: 100_000_00, private: 250_000_00 };
const HOUR = 3_600_000;

/**
 * The demo clients' onboardings with their histories, as the live steps leave them: the
 * invitation (and its text), the sign-in that accepted it, each step the client took, the
 * signature and the manager's deposit confirmation. Only for a phone that has no onboarding yet.
 */
export async function seedDemoClients(db: Db, { managerPhone, now = new Date() }: { managerPhone: string; now?: Date }) {
  const [manager] = await db.select().from(users).where(eq(users.phone, managerPhone)).limit(1);
  if (!manager?.isManager) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  for (const c of demoClients as readonly DemoClient[]) {
    const [existing] = await db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.clientPhone, c.phone)).limit(1);
    if (existing) continue;
    const [client] = c.signedInDaysAgo === null ? [] : await db.select().from(users).where(eq(users.phone, c.phone)).limit(1);
    if (c.signedInDaysAgo !== null && !client) continue;
    const invitedAt = ago(c.invitedDaysAgo);
    // When the client entered each status they reached, and who moved them there.
    const reached = onboardingStatuses.slice(0, onboardingStatuses.indexOf(c.status) + 1);
    const signedIn = c.signedInDaysAgo === null ? null : ago(c.signedInDaysAgo);
    const enteredAt: Partial<Record<OnboardingStatus, { at: Date; by: string | null }>> = { pending_invitation: { at: invitedAt, by: manager.id } };
    if (signedIn && client) {
      enteredAt.tier_selection = { at: signedIn, by: client.id };
      enteredAt.portfolio_allocation = { at: new Date(signedIn.getTime() + 0.2 * HOUR), by: client.id };
      enteredAt.kyc_upload = { at: new Date(signedIn.getTime() + 0.5 * HOUR), by: client.id };
      if (c.signedDaysAgo !== undefined) {
        enteredAt.documents_signing = { at: new Date(ago(c.signedDaysAgo + 1).getTime() + 0.25 * HOUR), by: client.id };
        enteredAt.awaiting_deposit = { at: ago(c.signedDaysAgo), by: client.id };
      }
      if (c.deposit) enteredAt.active = { at: ago(c.deposit.daysAgo), by: manager.id };
    }
    const last = enteredAt[c.status]?.at ?? invitedAt;
    const signedAt = enteredAt.awaiting_deposit?.at ?? null;
    const [o] = await db
      .insert(onboardings)
      .values({
        clientPhone: c.phone,
        clientName: c.name,
        clientUserId: client?.id ?? null,
        managerId: manager.id,
        status: c.status,
        managerConsent: signedIn ? 'accepted' : 'pending',
        managerConsentAt: signedIn,
        suggestedTier: c.suggestedTier,
        tier: c.tier ?? null,
        minimumCents: c.tier ? tierMinimums[c.tier] : null,
        allocation: c.allocation ?? null,
        ...(signedAt && {
          agreementVersion: SERVICE_AGREEMENT.version,
          agreementSha256: agreementSha256(),
          signatureName: c.name,
          signedAt,
          signatureIp: '203.0.113.24',
          signatureUserAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        }),
        ...(c.deposit && { depositCents: c.deposit.cents, depositConfirmedAt: ago(c.deposit.daysAgo), depositConfirmedBy: manager.id }),
        invitedAt,
        lastInvitedAt: invitedAt,
        lastActivityAt: last,
        createdAt: invitedAt,
        updatedAt: last,
      })
      .onConflictDoNothing({ target: onboardings.clientPhone })
      .returning();
    if (!o) continue;
    await db.insert(onboardingEvents).values(
      reached.map((status, i) => ({
        onboardingId: o.id,
        fromStatus: i === 0 ? null : reached[i - 1],
        toStatus: status,
        actorId: enteredAt[status]!.by,
        at: enteredAt[status]!.at,
      })),
    );
    await db.insert(managerConsentEvents).values([
      { onboardingId: o.id, managerId: manager.id, fromStatus: null, toStatus: 'pending', actorId: manager.id, at: invitedAt },
      ...(signedIn && client
        ? [
            {
              onboardingId: o.id,
              managerId: manager.id,
              fromStatus: 'pending' as const,
              toStatus: 'accepted' as const,
              actorId: client.id,
              at: signedIn,
            },
          ]
        : []),
    ]);
    // The invitation went out by text, as the manager's invite sends it.
    await db.insert(smsMessages).values({
      direction: 'outbound',
      phone: c.phone,
      body: `Hi ${c.name.split(' ')[0]}, ${manager.name ?? 'Your portfolio manager'} has invited you to open your private collectibles portfolio. Sign in with this phone number to get started: http://localhost:5000/onboarding`,
      purpose: 'onboarding_invite',
      provider: 'twilio',
      providerId: `SMdemo00000000000000000000000${c.phone.slice(-5)}`,
      status: 'delivered',
      sentBy: manager.id,
      createdAt: invitedAt,
      statusUpdatedAt: invitedAt,
    });
    // The manager heard of the acceptance; read when more than three days old, like the rest of the bell.
    if (signedIn)
      await db.insert(notifications).values({
        userId: manager.id,
        kind: 'manager_client_updated',
        title: 'Invitation accepted',
        message: `${c.name} accepted your invitation; you can now follow their portfolio`,
        link: `/manager/clients/${o.id}`,
        createdAt: signedIn,
        readAt: now.getTime() - signedIn.getTime() > 3 * DAY ? new Date(signedIn.getTime() + 2 * HOUR) : null,
      });
  }
}
