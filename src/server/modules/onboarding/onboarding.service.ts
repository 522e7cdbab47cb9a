import { and, asc, eq, inArray } from 'drizzle-orm';
import { deriveKycStatus, missingKycTypes, kycDocumentLabels } from '#common/kyc.ts';
import {
  managerConsentMessages,
  onboardingStatuses,
  onboardingTransitions,
  onboardingSteps,
  type Allocation,
  type OnboardingStatus,
  type OnboardingStatusResponse,
  type OnboardingView,
  type SignInput,
  type TierId,
} from '#common/onboarding.ts';
import type { FundAllocation } from '#common/funds.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, inTransaction, transition, type Aggregate, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { fundAllocationFor, saveFundAllocation } from '#server/modules/funds/index.ts';
import { kycDocsFor, type KycChangeListener } from '#server/modules/kyc/index.ts';
import { getSetting } from '#server/modules/settings/index.ts';
import { agreementSha256, SERVICE_AGREEMENT } from './agreement.ts';
import { announceOnboarding } from './onboarding.events.ts';
import { managerConsentAggregate } from './manager-consent.ts';
import { setUserName, userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

export type OnboardingRow = typeof onboardings.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function conflictFor(current: OnboardingStatus, wanted: OnboardingStatus) {
  return new AppError(
    'conflict',
    `This step is not available: the onboarding is at "${onboardingSteps[current].label}", not "${onboardingSteps[wanted].label}"`,
  );
}

/** Onboarding status changes, through the shared transition building block. */
export const onboardingAggregate: Aggregate<OnboardingStatus, OnboardingRow> = {
  name: 'onboarding',
  table: onboardings,
  idColumn: onboardings.id,
  statusColumn: onboardings.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt', 'lastActivityAt'],
  transitions: onboardingTransitions,
  recordHistory: historyIn(onboardingEvents, 'onboardingId'),
  conflict: conflictFor,
  notFound: () => notFound('Onboarding not found'),
  announce: (ctx, row) => announceOnboarding(ctx, row),
};

/** A client's onboarding shows their KYC documents: a document change is an onboarding change too. */
export const kycDocumentsChanged: KycChangeListener = async (uow, { userId }) => {
  const [onboarding] = await uow.tx.select().from(onboardings).where(eq(onboardings.clientUserId, userId)).limit(1);
  if (onboarding) uow.afterCommit(() => announceOnboarding(uow.ctx, onboarding));
};

// ---------------------------------------------------------------------------------------------
// Sign-in

/**
 * Called inside the sign-in transaction for the phone that signed in (never for an impersonation):
 * links an invited client's onboarding to their user. `viaInvitation` says the account was made by
 * this sign-in and the invitation was its only way in (no approved access request, not an admin
 * phone): signing in with the invited phone is then the client's answer to that manager's text,
 * and counts as accepting the manager (decision 127). Anyone else, above all a member who was a
 * member before the invitation, accepts or declines in the app; until then nothing moves.
 * With consent, fills a missing name from the invitation and on the first sign-in moves
 * pending_invitation → tier_selection. Returns the onboarding when its status changed, so the
 * caller can announce it after the commit.
 */
export async function onClientSignIn(
  uow: UnitOfWork,
  input: { user: { id: string; phone: string; name: string | null }; now: Date; ip: string | null; viaInvitation: boolean },
) {
  const { tx } = uow;
  const { user, now } = input;
  const [found] = await tx.select().from(onboardings).where(eq(onboardings.clientPhone, user.phone)).limit(1);
  if (!found) return null;
  let row = found;
  if (row.clientUserId !== user.id) {
    await tx.update(onboardings).set({ clientUserId: user.id, updatedAt: now }).where(eq(onboardings.id, row.id));
    row = { ...row, clientUserId: user.id };
  }
  const actor = { user: { id: user.id }, impersonatorId: null, ip: input.ip } satisfies TransitionActor;
  if (row.managerConsent === 'pending' && input.viaInvitation) {
    row = await transition(uow, managerConsentAggregate, {
      id: row.id,
      from: 'pending',
      to: 'accepted',
      actor,
      now,
      data: { via: 'first_sign_in', managerId: row.managerId },
    });
  }
  if (row.managerConsent !== 'accepted') return null;
  if (!user.name && row.clientName) {
    await setUserName(tx, user.id, row.clientName, now);
  }
  if (row.status !== 'pending_invitation') return null;
  return transition(uow, onboardingAggregate, {
    id: row.id,
    from: 'pending_invitation',
    to: 'tier_selection',
    actor,
    now,
    data: { via: 'first_sign_in' },
  });
}

/** Whether a phone has been invited (an invited client may sign in before they have a user). */
export async function isInvitedPhone(ctx: Pick<AppContext, 'db'>, input: { phone: string }) {
  const { phone } = input;
  const [row] = await ctx.db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.clientPhone, phone)).limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// The client's side

/**
 * The member's onboarding while it is theirs to answer or walk: an invitation waiting for an
 * answer (pending) or a manager they accepted. A declined invitation or a removed manager leaves
 * the member with no onboarding.
 */
async function findForClient(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.clientUserId, userId), inArray(onboardings.managerConsent, ['pending', 'accepted'])))
    .limit(1);
  return row ?? null;
}

/** The member's onboarding; `accepted`: only once they accepted the manager (the steps need it). */
async function requireForClient(db: Db, userId: string, opts: { accepted?: boolean } = {}) {
  const row = await findForClient(db, userId);
  if (!row) throw notFound('You have no onboarding');
  if (opts.accepted && row.managerConsent !== 'accepted') throw new AppError('conflict', 'Accept your portfolio manager’s invitation first');
  return row;
}

async function personName(db: Db, id: string | null) {
  if (!id) return null;
  const [u] = await db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, id)).limit(1);
  return u ? (u.name ?? u.phone) : null;
}

/** GET /api/onboarding/status (spec §3). */
export async function onboardingStatusFor(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<OnboardingStatusResponse> {
  const { db } = ctx;
  const row = await findForClient(db, actor.user.id);
  if (!row) return { hasOnboarding: false, status: null, managerName: null };
  return {
    hasOnboarding: true,
    status: row.status,
    managerName: await personName(db, row.managerId),
    managerConsent: row.managerConsent === 'accepted' ? 'accepted' : 'pending',
  };
}

/** The step timeline: when each status was entered (the latest entry) and by whom. */
export async function timelineFor(ctx: Pick<AppContext, 'db'>, input: { row: OnboardingRow }) {
  const { row } = input;
  const events = await ctx.db
    .select({
      from: onboardingEvents.fromStatus,
      to: onboardingEvents.toStatus,
      at: onboardingEvents.at,
      actorName: users.name,
      actorPhone: users.phone,
    })
    .from(onboardingEvents)
    .leftJoin(users, eq(users.id, onboardingEvents.actorId))
    .where(eq(onboardingEvents.onboardingId, row.id))
    .orderBy(asc(onboardingEvents.seq));
  const reached = onboardingStatuses.indexOf(row.status);
  const latest = (match: (e: (typeof events)[number]) => boolean) => [...events].reverse().find(match);
  // A step is dated when it was completed: the invitation when sent, Active when reached, every
  // other step when the client moved on from it (signing dates "Sign Service Agreement").
  return onboardingStatuses.map((status, i) => {
    const ev =
      status === 'pending_invitation' || status === 'active'
        ? latest((e) => e.to === status)
        : i < reached
          ? latest((e) => e.from === status)
          : undefined;
    const at = ev ? ev.at.toISOString() : status === 'pending_invitation' ? row.invitedAt.toISOString() : null;
    return {
      status,
      label: onboardingSteps[status].label,
      at: i <= reached ? at : null,
      actor: ev ? (ev.actorName ?? ev.actorPhone ?? null) : null,
    };
  });
}

export const depositReference = (id: string) => `ONB-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

export function signatureOf(row: OnboardingRow) {
  return row.signedAt && row.signatureName && row.agreementVersion
    ? { fullName: row.signatureName, signedAt: row.signedAt.toISOString(), ip: row.signatureIp, agreementVersion: row.agreementVersion }
    : null;
}

/** GET /api/onboarding: what the /onboarding page needs, for the signed-in client. */
export async function onboardingView(ctx: Pick<AppContext, 'db'>, actor: SignedInActor): Promise<OnboardingView> {
  const row = await requireForClient(ctx.db, actor.user.id);
  const settings = await getSetting(ctx, 'onboarding');
  const docs = await kycDocsFor(ctx, { userId: actor.user.id });
  const chosen = settings.tiers.find((t) => t.id === row.tier);
  const step = onboardingSteps[row.status];
  return {
    id: row.id,
    status: row.status,
    label: step.label,
    progress: step.progress,
    managerName: await personName(ctx.db, row.managerId),
    managerConsent: row.managerConsent === 'accepted' ? 'accepted' : 'pending',
    clientName: row.clientName,
    tiers: settings.tiers,
    suggestedTier: row.suggestedTier,
    tier: row.tier,
    allocation: row.allocation ?? null,
    fundAllocation: await fundAllocationFor(ctx, { onboardingId: row.id }),
    agreement: { version: SERVICE_AGREEMENT.version, title: SERVICE_AGREEMENT.title, text: SERVICE_AGREEMENT.text },
    signature: signatureOf(row),
    deposit: {
      amountCents: row.minimumCents ?? chosen?.minimumCents ?? null,
      reference: depositReference(row.id),
      wireInstructions: settings.wireInstructions,
      confirmedAt: iso(row.depositConfirmedAt),
      receivedCents: row.depositCents ?? null,
    },
    kycStatus: deriveKycStatus(docs),
    timeline: await timelineFor(ctx, { row }),
  };
}

type StepContext = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

/** Runs one step's transition, then answers with the page's new state (read after the commit). */
async function step(ctx: StepContext, actor: SignedInActor, move: (uow: UnitOfWork) => Promise<unknown>): Promise<OnboardingView> {
  await inTransaction(ctx, move);
  return onboardingView(ctx, actor);
}

/**
 * POST /api/onboarding/accept: the member accepts the manager's invitation (decision 127). From
 * here on the manager sees the member's onboarding and positions and may act for them; an
 * onboarding still at the invitation moves on to tier_selection.
 */
export async function acceptInvitation(ctx: StepContext, actor: SignedInActor): Promise<OnboardingView> {
  const now = ctx.clock.now();
  return step(ctx, actor, async (uow) => {
    const { tx } = uow;
    const found = await requireForClient(tx, actor.user.id);
    if (found.managerConsent !== 'pending') throw new AppError('conflict', managerConsentMessages.notPending);
    const row = await transition(uow, managerConsentAggregate, {
      id: found.id,
      from: 'pending',
      to: 'accepted',
      actor,
      now,
      data: { via: 'accepted', managerId: found.managerId },
    });
    if (row.status !== 'pending_invitation') return { row };
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'pending_invitation',
        to: 'tier_selection',
        actor,
        now,
        data: { via: 'accepted' },
      }),
    };
  });
}

/** POST /api/onboarding/decline: the member says no; the manager sees only that it was declined. */
export async function declineInvitation(ctx: StepContext, actor: SignedInActor): Promise<OnboardingStatusResponse> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const found = await requireForClient(uow.tx, actor.user.id);
    if (found.managerConsent !== 'pending') throw new AppError('conflict', managerConsentMessages.notPending);
    await transition(uow, managerConsentAggregate, {
      id: found.id,
      from: 'pending',
      to: 'declined',
      actor,
      now,
      data: { managerId: found.managerId },
    });
  });
  return onboardingStatusFor(ctx, actor);
}

/**
 * POST /api/onboarding/remove-manager: the member ends the link. The manager loses sight of the
 * member and every way to act for them at once (every manager read and act checks consent).
 */
export async function removeManager(ctx: StepContext, actor: SignedInActor): Promise<OnboardingStatusResponse> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const found = await findForClient(uow.tx, actor.user.id);
    if (!found || found.managerConsent !== 'accepted') throw new AppError('conflict', managerConsentMessages.noManager);
    await transition(uow, managerConsentAggregate, {
      id: found.id,
      from: 'accepted',
      to: 'removed',
      actor,
      now,
      data: { managerId: found.managerId },
    });
  });
  return onboardingStatusFor(ctx, actor);
}

/** Step 1: tier_selection → portfolio_allocation, keeping the tier's minimum as it is now. */
export async function selectTier(ctx: StepContext, actor: SignedInActor, input: { tier: TierId }): Promise<OnboardingView> {
  const { tier } = input;
  const now = ctx.clock.now();
  const settings = await getSetting(ctx, 'onboarding');
  const chosen = settings.tiers.find((t) => t.id === tier);
  if (!chosen) throw new AppError('bad_request', 'Choose a tier');
  return step(ctx, actor, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, actor.user.id, { accepted: true });
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'tier_selection',
        to: 'portfolio_allocation',
        actor,
        now,
        patch: { tier, minimumCents: chosen.minimumCents },
        data: { tier, minimumCents: chosen.minimumCents },
      }),
    };
  });
}

/**
 * Step 2: portfolio_allocation → kyc_upload (the schema has checked the 100% totals). The funds
 * chosen, when any, are kept for the deposit (decision 083).
 */
export async function setAllocation(
  ctx: StepContext,
  actor: SignedInActor,
  input: { allocation: Allocation; funds?: FundAllocation },
): Promise<OnboardingView> {
  const { allocation } = input;
  const now = ctx.clock.now();
  return step(ctx, actor, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, actor.user.id, { accepted: true });
    if (input.funds && row.status === 'portfolio_allocation') await saveFundAllocation(tx, { onboardingId: row.id, funds: input.funds });
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'portfolio_allocation',
        to: 'kyc_upload',
        actor,
        now,
        patch: { allocation },
        data: { allocation },
      }),
    };
  });
}

/**
 * Step 3: kyc_upload → documents_signing once ID front, ID back and selfie are submitted (none of
 * them rejected). Review happens in parallel; activation waits for approval (decision record 005).
 */
export async function submitKyc(ctx: StepContext, actor: SignedInActor): Promise<OnboardingView> {
  const now = ctx.clock.now();
  return step(ctx, actor, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, actor.user.id, { accepted: true });
    if (row.status !== 'kyc_upload') throw conflictFor(row.status, 'kyc_upload');
    const missing = missingKycTypes(await kycDocsFor({ db: tx }, { userId: actor.user.id }));
    if (missing.length) {
      throw new AppError('conflict', `Upload your ${missing.map((t) => kycDocumentLabels[t]).join(', ')} first`);
    }
    return { row: await transition(uow, onboardingAggregate, { id: row.id, from: 'kyc_upload', to: 'documents_signing', actor, now }) };
  });
}

/** Step 4: documents_signing → awaiting_deposit, keeping the typed name, time, IP and agreement version. */
export async function signAgreement(ctx: StepContext, actor: SignedInActor, input: SignInput): Promise<OnboardingView> {
  const now = ctx.clock.now();
  if (input.agreementVersion !== SERVICE_AGREEMENT.version) {
    throw new AppError('conflict', 'The agreement has changed since you opened it. Please review the current version.');
  }
  return step(ctx, actor, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, actor.user.id, { accepted: true });
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'documents_signing',
        to: 'awaiting_deposit',
        actor,
        now,
        patch: {
          signatureName: input.fullName,
          signedAt: now,
          signatureIp: actor.ip,
          signatureUserAgent: actor.userAgent?.slice(0, 300) ?? null,
          agreementVersion: SERVICE_AGREEMENT.version,
          agreementSha256: agreementSha256(),
        },
        data: { agreementVersion: SERVICE_AGREEMENT.version, signatureName: input.fullName },
      }),
    };
  });
}
