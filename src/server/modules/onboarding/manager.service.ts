import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { deriveKycStatus } from '#common/kyc.ts';
import { formatCents } from '#common/format.ts';
import {
  managerConsentLabels,
  managerConsentMessages,
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
import { AppError, notFound } from '#server/errors.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { fundAllocationFor, subscribeFromDeposit } from '#server/modules/funds/index.ts';
import { kycDocsFor, kycStatusByUser, toDocument } from '#server/modules/kyc/index.ts';
import { managerConsentAggregate, notifyConsent, recordInvitation } from './manager-consent.ts';
import { announceOnboarding } from './onboarding.events.ts';
import { onboardingAggregate, type OnboardingRow, signatureOf, timelineFor } from './onboarding.service.ts';
import { inTransaction, transition, type UnitOfWork } from '#server/lib/transition.ts';
import { getSetting } from '#server/modules/settings/index.ts';
import { isOptedOut } from '#server/modules/sms-convos/index.ts';
import { actingClients, clientManagerScope, listedClients, mayActFor } from '#server/lib/client-scope.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/** A manager may text the same invitation again after this long. */
export const RESEND_COOLDOWN_SECONDS = 60;

const managers = userDirectory('managers');

type Row = { o: OnboardingRow; manager: { id: string; name: string | null; phone: string } | null };

/**
 * The status a caller is shown: the real one for an admin and for a client who accepted the
 * manager; pending_invitation otherwise (decision 127: a manager without consent learns nothing
 * of the member's progress, not even through the filter or the counts).
 */
const shownStatus = (actor: SignedInActor): SQL<OnboardingStatus> =>
  clientManagerScope(actor.user) === null
    ? sql<OnboardingStatus>`${onboardings.status}`
    : sql<OnboardingStatus>`case when ${onboardings.managerConsent} = 'accepted' then ${onboardings.status} else 'pending_invitation' end`;

function selectRows(db: Db) {
  return db
    .select({ o: onboardings, manager: { id: managers.id, name: managers.name, phone: managers.phone } })
    .from(onboardings)
    .leftJoin(managers, eq(managers.id, onboardings.managerId));
}

const resendAt = (o: OnboardingRow) => new Date(o.lastInvitedAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000).toISOString();

/**
 * One row of the list. A client who has not accepted the caller (a manager) shows only what the
 * manager typed and the invitation's dates: no user id (which would tell an existing member from
 * a new phone), progress, tier or KYC status.
 */
function toClient(actor: SignedInActor, r: Row, kyc: ReturnType<typeof deriveKycStatus>): ManagerClient {
  const o = r.o;
  if (!mayActFor(actor.user, o)) {
    const consent = o.managerConsent === 'accepted' ? 'pending' : o.managerConsent;
    const at = [o.lastInvitedAt, o.managerConsentAt].filter((d): d is Date => Boolean(d)).sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: o.id,
      name: o.clientName,
      phone: o.clientPhone,
      userId: null,
      status: 'pending_invitation',
      label: managerConsentLabels[consent],
      progress: 0,
      tier: null,
      manager: r.manager?.id ? r.manager : null,
      kycStatus: 'not_started',
      lastActivityAt: at.toISOString(),
      createdAt: o.createdAt.toISOString(),
      resendAvailableAt: resendAt(o),
      consent,
    };
  }
  const step = onboardingSteps[o.status];
  return {
    id: o.id,
    name: o.clientName,
    phone: o.clientPhone,
    userId: o.clientUserId,
    status: o.status,
    label: step.label,
    progress: step.progress,
    tier: o.tier,
    manager: r.manager?.id ? r.manager : null,
    kycStatus: kyc,
    lastActivityAt: o.lastActivityAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    resendAvailableAt: resendAt(o),
    consent: o.managerConsent,
  };
}

/** GET /api/manager/clients: a manager's invitations, with or without consent; an admin's: everyone's. */
export async function listClients(
  ctx: Pick<AppContext, 'db'>,
  actor: SignedInActor,
  filter: { status?: OnboardingStatus },
): Promise<ManagerClientsResponse> {
  const { db } = ctx;
  const status = shownStatus(actor);
  const where = and(listedClients(actor.user), filter.status ? eq(status, filter.status) : undefined);
  const [rows, byStatus] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(onboardings.lastActivityAt), desc(onboardings.id)).limit(500),
    db.select({ status, n: count() }).from(onboardings).where(listedClients(actor.user)).groupBy(status),
  ]);
  const shown = rows.filter((r) => mayActFor(actor.user, r.o));
  const kyc = await kycStatusByUser(ctx, { userIds: shown.map((r) => r.o.clientUserId).filter((v): v is string => Boolean(v)) });
  const counts: Record<string, number> = {};
  for (const s of byStatus) counts[s.status] = Number(s.n);
  return { clients: rows.map((r) => toClient(actor, r, (r.o.clientUserId && kyc.get(r.o.clientUserId)) || 'not_started')), counts };
}

/**
 * The client if the actor may see them; a 404 otherwise, so other managers' clients stay unknown.
 * `acting`: the client's details or an act on their behalf, which a manager gets only with the
 * client's consent (lib/client-scope.ts actingClients); without it, only the manager's own
 * invitation (to send it again).
 */
async function visibleRow(db: Db, actor: SignedInActor, id: string, opts: { acting: boolean }): Promise<Row> {
  const [row] = await selectRows(db)
    .where(and(eq(onboardings.id, id), opts.acting ? actingClients(actor.user) : listedClients(actor.user)))
    .limit(1);
  if (!row) throw notFound('Client not found');
  return row;
}

/** GET /api/manager/clients/{id}. */
export async function clientDetail(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { id: string }): Promise<ManagerClientDetail> {
  const { db } = ctx;
  const row = await visibleRow(db, actor, input.id, { acting: true });
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
    ...toClient(actor, row, deriveKycStatus(docs)),
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
 * POST /api/manager/clients: creates the onboarding in pending_invitation, with the member's
 * consent pending, and texts a link to /onboarding. Staff and suspended accounts cannot be
 * invited; a phone has one onboarding. An existing member is told in the app too, and the manager
 * sees nothing of them until they accept (decision 127). A phone whose member declined or
 * removed an earlier manager may be invited again: by another manager at once, by the same one
 * after REINVITE_AFTER_NO_DAYS.
 */
const cannotInvite = () => new AppError('conflict', 'This phone number cannot be invited. Ask an admin if you think it should be.');

/** How long a manager the member declined or removed waits before inviting them again. */
export const REINVITE_AFTER_NO_DAYS = 30;

export async function inviteClient(
  ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config' | 'live' | 'log'>,
  actor: SignedInActor,
  input: { phone: string; name: string; tier?: TierId },
) {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx, async (uow) => {
    const { tx, afterCommit } = uow;
    const [existing] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin, isManager: users.isManager, status: users.status })
      .from(users)
      .where(eq(users.phone, input.phone))
      .limit(1);
    // One neutral answer whatever the reason, so an invite cannot probe who a phone belongs to.
    if (existing && (existing.isAdmin || existing.isManager || existing.status !== 'active')) throw cannotInvite();
    const invitation = {
      clientName: input.name,
      managerId: actor.user.id,
      suggestedTier: input.tier ?? null,
      invitedAt: now,
      lastInvitedAt: now,
      inviteCount: 1,
    };
    const [o] = await tx
      .insert(onboardings)
      .values({ ...invitation, clientPhone: input.phone, clientUserId: existing?.id ?? null, lastActivityAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: onboardings.clientPhone })
      .returning();
    if (!o) return reinvite(uow, actor, { phone: input.phone, invitation, now });
    await tx
      .insert(onboardingEvents)
      .values({ onboardingId: o.id, fromStatus: null, toStatus: 'pending_invitation', actorId: actor.user.id, at: now });
    await recordInvitation(tx, { onboardingId: o.id, managerId: actor.user.id, at: now });
    await audit(tx, {
      ...auditBy(actor),
      action: 'onboarding.invited',
      targetType: 'onboarding',
      targetId: o.id,
      data: { suggestedTier: input.tier ?? null, existingUser: Boolean(existing) },
      at: now,
    });
    // An existing member hears of it in the app, with the manager's name.
    await notifyConsent(uow, o, now);
    afterCommit(() => announceOnboarding(ctx, o));
    return o;
  });
  const sms = await textInvitation(ctx, actor, row, 'onboarding_invite');
  const [r] = await selectRows(ctx.db).where(eq(onboardings.id, row.id));
  return { client: toClient(actor, r, 'not_started'), sms };
}

/**
 * The phone already has an onboarding: invite its member again only when they declined or
 * removed their manager (declined | removed → pending), the same manager not before
 * REINVITE_AFTER_NO_DAYS. Anything else is the neutral refusal.
 */
async function reinvite(
  uow: UnitOfWork,
  actor: SignedInActor,
  input: { phone: string; invitation: Partial<OnboardingRow>; now: Date },
): Promise<OnboardingRow> {
  const { now } = input;
  const [o] = await uow.tx.select().from(onboardings).where(eq(onboardings.clientPhone, input.phone)).limit(1).for('update');
  if (!o || (o.managerConsent !== 'declined' && o.managerConsent !== 'removed')) throw cannotInvite();
  const since = o.managerConsentAt?.getTime() ?? 0;
  if (o.managerId === actor.user.id && now.getTime() - since < REINVITE_AFTER_NO_DAYS * 86_400_000) throw cannotInvite();
  const row = await transition(uow, managerConsentAggregate, {
    id: o.id,
    from: o.managerConsent,
    to: 'pending',
    actor,
    now,
    patch: input.invitation,
    data: { managerId: actor.user.id, previousManagerId: o.managerId, via: 'invited_again' },
  });
  await audit(uow.tx, {
    ...auditBy(actor),
    action: 'onboarding.invited',
    targetType: 'onboarding',
    targetId: o.id,
    data: { suggestedTier: input.invitation.suggestedTier ?? null, existingUser: Boolean(o.clientUserId), again: true },
    at: now,
  });
  return row;
}

/** POST /api/manager/clients/{id}/resend-invite: only while the invitation is pending, once a minute. */
export async function resendInvitation(
  ctx: Pick<AppContext, 'db' | 'sms' | 'clock' | 'config' | 'live' | 'log'>,
  actor: SignedInActor,
  input: { id: string },
) {
  const { id } = input;
  const now = ctx.clock.now();
  const { o } = await visibleRow(ctx.db, actor, id, { acting: false });
  if (o.managerConsent === 'declined') throw new AppError('conflict', managerConsentMessages.declinedResend);
  if (o.managerConsent === 'removed') throw new AppError('conflict', managerConsentMessages.removedResend);
  if (o.managerConsent === 'accepted') throw new AppError('conflict', 'The client has already accepted the invitation');
  const wait = Math.ceil((o.lastInvitedAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw new AppError('rate_limited', `Please wait ${wait} s before sending the invitation again`, { retryAfterSeconds: wait });
  const row = await inTransaction(ctx, async ({ tx, afterCommit }) => {
    const [updated] = await tx
      .update(onboardings)
      .set({ lastInvitedAt: now, inviteCount: o.inviteCount + 1, updatedAt: now, lastActivityAt: now })
      .where(and(eq(onboardings.id, id), eq(onboardings.lastInvitedAt, o.lastInvitedAt)))
      .returning();
    if (!updated) throw new AppError('conflict', 'The invitation was just sent again');
    await audit(tx, {
      ...auditBy(actor),
      action: 'onboarding.invite_resent',
      targetType: 'onboarding',
      targetId: id,
      data: { inviteCount: updated.inviteCount },
      at: now,
    });
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
  const { o } = await visibleRow(ctx.db, actor, id, { acting: true });
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
