import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deriveKycStatus } from '#common/kyc.ts';
import { formatCents } from '#common/format.ts';
import {
  onboardingSteps,
  type ManagerClient,
  type ManagerClientDetail,
  type ManagerClientsResponse,
  type OnboardingStatus,
  type TierId,
} from '#common/onboarding.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { users } from '#server/db/schema/users.ts';
import { AppError, notFound } from '#server/errors.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { audit, auditBy } from '#server/modules/audit/audit.service.ts';
import { fundAllocationFor, subscribeFromDeposit } from '#server/modules/funds/funds.onboarding.ts';
import { kycDocsFor, kycStatusByUser, toDocument } from '#server/modules/kyc/kyc.service.ts';
import {
  onboardingAggregate,
  signatureOf,
  timelineFor,
  type OnboardingRow,
} from '#server/modules/onboarding/onboarding.service.ts';
import { inTransaction, transition } from '#server/lib/transition.ts';
import { announceOnboarding } from '#server/modules/onboarding/onboarding.events.ts';
import { getSetting } from '#server/modules/settings/settings.service.ts';
import { isOptedOut } from '#server/modules/sms-convos/sms-convos.service.ts';
import { clientManagerScope } from './manager.policy.ts';

/** A manager may text the same invitation again after this long. */
export const RESEND_COOLDOWN_SECONDS = 60;

const managers = alias(users, 'managers');

type Row = { o: OnboardingRow; manager: { id: string; name: string | null; phone: string } | null };

/** Managers see their own clients; admins see every client (manager.policy.ts). */
const scope = (actor: SignedInActor): SQL | undefined => {
  const managerId = clientManagerScope(actor.user);
  return managerId ? eq(onboardings.managerId, managerId) : undefined;
};

function selectRows(db: Db) {
  return db
    .select({ o: onboardings, manager: { id: managers.id, name: managers.name, phone: managers.phone } })
    .from(onboardings)
    .leftJoin(managers, eq(managers.id, onboardings.managerId));
}

function toClient(r: Row, kyc: ReturnType<typeof deriveKycStatus>): ManagerClient {
  const step = onboardingSteps[r.o.status];
  return {
    id: r.o.id,
    name: r.o.clientName,
    phone: r.o.clientPhone,
    userId: r.o.clientUserId,
    status: r.o.status,
    label: step.label,
    progress: step.progress,
    tier: r.o.tier,
    manager: r.manager?.id ? r.manager : null,
    kycStatus: kyc,
    lastActivityAt: r.o.lastActivityAt.toISOString(),
    createdAt: r.o.createdAt.toISOString(),
    resendAvailableAt: new Date(r.o.lastInvitedAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000).toISOString(),
  };
}

/** GET /api/manager/clients. */
export async function listClients(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, filter: { status?: OnboardingStatus }): Promise<ManagerClientsResponse> {
  const { db } = ctx;
  const where = and(scope(actor), filter.status ? eq(onboardings.status, filter.status) : undefined);
  const [rows, byStatus] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(onboardings.lastActivityAt), desc(onboardings.id)).limit(500),
    db.select({ status: onboardings.status, n: count() }).from(onboardings).where(scope(actor)).groupBy(onboardings.status),
  ]);
  const kyc = await kycStatusByUser(ctx, { userIds: rows.map((r) => r.o.clientUserId).filter((v): v is string => Boolean(v)) });
  const counts: Record<string, number> = {};
  for (const s of byStatus) counts[s.status] = Number(s.n);
  return { clients: rows.map((r) => toClient(r, (r.o.clientUserId && kyc.get(r.o.clientUserId)) || 'not_started')), counts };
}

/** The client if the actor may see them; a 404 otherwise, so other managers' clients stay unknown. */
async function visibleRow(db: Db, actor: SignedInActor, id: string): Promise<Row> {
  const [row] = await selectRows(db).where(and(eq(onboardings.id, id), scope(actor))).limit(1);
  if (!row) throw notFound('Client not found');
  return row;
}

/** GET /api/manager/clients/{id}. */
export async function clientDetail(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { id: string }): Promise<ManagerClientDetail> {
  const { db } = ctx;
  const row = await visibleRow(db, actor, input.id);
  const o = row.o;
  const docs = await kycDocsFor(ctx, { userId: o.clientUserId });
  const settings = await getSetting(ctx, 'onboarding');
  const tier = settings.tiers.find((t) => t.id === (o.tier ?? o.suggestedTier));
  let confirmedBy: string | null = null;
  if (o.depositConfirmedBy) {
    const [u] = await db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, o.depositConfirmedBy)).limit(1);
    confirmedBy = u ? (u.name ?? u.phone) : null;
  }
  return {
    ...toClient(row, deriveKycStatus(docs)),
    suggestedTier: o.suggestedTier,
    tierName: o.tier ? (settings.tiers.find((t) => t.id === o.tier)?.name ?? o.tier) : null,
    minimumCents: o.minimumCents ?? tier?.minimumCents ?? null,
    allocation: o.allocation ?? null,
    fundAllocation: await fundAllocationFor(ctx, { onboardingId: o.id }),
    timeline: await timelineFor(ctx, { row: o }),
    documents: [...docs].reverse().map(toDocument),
    signature: signatureOf(o),
    deposit: { amountCents: o.depositCents ?? null, confirmedAt: o.depositConfirmedAt?.toISOString() ?? null, confirmedBy },
    invitedAt: o.invitedAt.toISOString(),
    lastInvitedAt: o.lastInvitedAt.toISOString(),
    inviteCount: o.inviteCount,
    wireInstructionsSet: settings.wireInstructions !== null,
  };
}

export const invitationSmsBody = (opts: { clientName: string; managerName: string; link: string }) =>
  `Hi ${opts.clientName.split(/\s+/)[0]}, ${opts.managerName} has invited you to open your private collectibles portfolio. ` +
  `Sign in with this phone number to get started: ${opts.link}`;

async function textInvitation(ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config'>, actor: SignedInActor, o: OnboardingRow, purpose: string) {
  if (await isOptedOut(ctx, { phone: o.clientPhone })) return { sent: false, reason: 'The client has opted out of text messages' };
  const body = invitationSmsBody({
    clientName: o.clientName ?? 'there',
    managerName: actor.user.name ?? 'Your portfolio manager',
    link: `${ctx.config.appOrigin}/onboarding`,
  });
  const res = await sendSms(ctx, { to: o.clientPhone, body, purpose, sentBy: actor.user.id });
  return res.ok ? { sent: true, reason: null } : { sent: false, reason: 'The text message could not be delivered' };
}

/**
 * POST /api/manager/clients: creates the onboarding in pending_invitation and texts a link to
 * /onboarding. Staff and suspended accounts cannot be invited; a phone has one onboarding.
 */
const cannotInvite = () =>
  new AppError('conflict', 'This phone number cannot be invited. Ask an admin if you think it should be.');

export async function inviteClient(
  ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config' | 'live' | 'log'>,
  actor: SignedInActor,
  input: { phone: string; name: string; tier?: TierId },
) {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx, async ({ tx, afterCommit }) => {
    const [existing] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin, isManager: users.isManager, status: users.status })
      .from(users)
      .where(eq(users.phone, input.phone))
      .limit(1);
    // One neutral answer whatever the reason, so an invite cannot probe who a phone belongs to.
    if (existing && (existing.isAdmin || existing.isManager || existing.status !== 'active')) throw cannotInvite();
    const [o] = await tx
      .insert(onboardings)
      .values({
        clientPhone: input.phone,
        clientName: input.name,
        clientUserId: existing?.id ?? null,
        managerId: actor.user.id,
        suggestedTier: input.tier ?? null,
        invitedAt: now,
        lastInvitedAt: now,
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: onboardings.clientPhone })
      .returning();
    if (!o) throw cannotInvite();
    await tx.insert(onboardingEvents).values({ onboardingId: o.id, fromStatus: null, toStatus: 'pending_invitation', actorId: actor.user.id, createdAt: now });
    await audit(tx, { ...auditBy(actor), action: 'onboarding.invited', targetType: 'onboarding', targetId: o.id, data: { suggestedTier: input.tier ?? null, existingUser: Boolean(existing) }, at: now });
    afterCommit(() => announceOnboarding(ctx, o));
    return o;
  });
  const sms = await textInvitation(ctx, actor, row, 'onboarding_invite');
  const [r] = await selectRows(ctx.db).where(eq(onboardings.id, row.id));
  return { client: toClient(r, 'not_started'), sms };
}

/** POST /api/manager/clients/{id}/resend-invite: only while the invitation is pending, once a minute. */
export async function resendInvitation(ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config' | 'live' | 'log'>, actor: SignedInActor, input: { id: string }) {
  const { id } = input;
  const now = ctx.clock.now();
  const { o } = await visibleRow(ctx.db, actor, id);
  if (o.status !== 'pending_invitation') throw new AppError('conflict', 'The client has already accepted the invitation');
  const wait = Math.ceil((o.lastInvitedAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw new AppError('rate_limited', `Please wait ${wait} s before sending the invitation again`, { retryAfterSeconds: wait });
  const row = await inTransaction(ctx, async ({ tx, afterCommit }) => {
    const [updated] = await tx
      .update(onboardings)
      .set({ lastInvitedAt: now, inviteCount: o.inviteCount + 1, updatedAt: now, lastActivityAt: now })
      .where(and(eq(onboardings.id, id), eq(onboardings.lastInvitedAt, o.lastInvitedAt)))
      .returning();
    if (!updated) throw new AppError('conflict', 'The invitation was just sent again');
    await audit(tx, { ...auditBy(actor), action: 'onboarding.invite_resent', targetType: 'onboarding', targetId: id, data: { inviteCount: updated.inviteCount }, at: now });
    afterCommit(() => announceOnboarding(ctx, updated));
    return updated;
  });
  const sms = await textInvitation(ctx, actor, row, 'onboarding_invite');
  return { sms };
}

/**
 * POST /api/manager/clients/{id}/confirm-deposit: awaiting_deposit → active. The identity
 * documents must be approved, and the amount must reach the tier's minimum.
 */
export async function confirmDeposit(
  ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>,
  actor: SignedInActor,
  input: { id: string; amountCents: number },
): Promise<ManagerClientDetail> {
  const { id, amountCents } = input;
  const now = ctx.clock.now();
  const { o } = await visibleRow(ctx.db, actor, id);
  if (o.status !== 'awaiting_deposit') {
    throw new AppError('conflict', `The deposit can be confirmed only while the client is at "${onboardingSteps.awaiting_deposit.label}"`);
  }
  const kyc = deriveKycStatus(await kycDocsFor(ctx, { userId: o.clientUserId }));
  if (kyc !== 'approved') throw new AppError('conflict', 'The client’s identity documents must be approved before the account can be activated');
  if (o.minimumCents && amountCents < o.minimumCents) {
    throw new AppError('bad_request', `The deposit must be at least ${formatCents(o.minimumCents)} for this tier`, {
      fieldErrors: { amountCents: [`At least ${formatCents(o.minimumCents)}`] },
    });
  }
  await inTransaction(ctx, async (uow) => {
    await transition(uow, onboardingAggregate, {
      id,
      from: 'awaiting_deposit',
      to: 'active',
      actor,
      now,
      patch: { depositCents: amountCents, depositConfirmedAt: now, depositConfirmedBy: actor.user.id },
      data: { amountCents },
    });
    // The deposit goes into the funds the client chose, at each fund's next valuation (decision 083).
    if (o.clientUserId) await subscribeFromDeposit(uow, auditBy(actor), { onboardingId: id, userId: o.clientUserId, amountCents, at: now });
  });
  return clientDetail(ctx, actor, { id });
}
