import { asc, eq, inArray } from 'drizzle-orm';
import { deriveKycStatus, missingKycTypes, kycDocumentLabels, type KycStatus } from '#common/kyc.ts';
import {
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
import type { AppContext, AuthUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { kycDocuments, onboardingEvents, onboardings } from '../../db/schema/onboarding.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { inTransaction, transition, type Aggregate, type TransitionActor, type UnitOfWork } from '../../lib/transition.ts';
import { getOnboardingSettings } from '../settings/settings.service.ts';
import { agreementSha256, SERVICE_AGREEMENT } from './agreement.ts';
import { announceOnboarding } from './onboarding.events.ts';

export type OnboardingRow = typeof onboardings.$inferSelect;

interface Meta {
  ip: string | null;
  userAgent?: string | null;
}

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
  recordHistory: async (tx, e) => {
    await tx.insert(onboardingEvents).values({ onboardingId: e.id, fromStatus: e.from, toStatus: e.to, actorId: e.actorId, createdAt: e.at });
  },
  conflict: conflictFor,
  notFound: () => notFound('Onboarding not found'),
  announce: (ctx, row) => announceOnboarding(ctx, row),
};

/** The transition actor for a signed-in caller (both ids while impersonating). */
const by = (user: Pick<AuthUser, 'id' | 'impersonatorId'>, ip: string | null): TransitionActor => ({
  user: { id: user.id },
  impersonatorId: user.impersonatorId,
  ip,
});

// ---------------------------------------------------------------------------------------------
// Sign-in

/**
 * Called inside the sign-in transaction for the phone that signed in (never for an impersonation):
 * links an invited client's onboarding to their user, fills a missing name from the invitation,
 * and on the first sign-in moves pending_invitation → tier_selection. Returns the onboarding when
 * its status changed, so the caller can announce it after the commit.
 */
export async function onClientSignIn(uow: UnitOfWork, user: { id: string; phone: string; name: string | null }, now: Date, ip: string | null) {
  const { tx } = uow;
  const [row] = await tx.select().from(onboardings).where(eq(onboardings.clientPhone, user.phone)).limit(1);
  if (!row) return null;
  if (row.clientUserId !== user.id) {
    await tx.update(onboardings).set({ clientUserId: user.id, updatedAt: now }).where(eq(onboardings.id, row.id));
  }
  if (!user.name && row.clientName) {
    await tx.update(users).set({ name: row.clientName, updatedAt: now }).where(eq(users.id, user.id));
  }
  if (row.status !== 'pending_invitation') return null;
  return transition(uow, onboardingAggregate, {
    id: row.id,
    from: 'pending_invitation',
    to: 'tier_selection',
    actor: by({ id: user.id, impersonatorId: null }, ip),
    now,
    data: { via: 'first_sign_in' },
  });
}

/** Whether a phone has been invited (an invited client may sign in before they have a user). */
export async function isInvitedPhone(db: Db, phone: string) {
  const [row] = await db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.clientPhone, phone)).limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// The client's side

async function findForClient(db: Db, userId: string) {
  const [row] = await db.select().from(onboardings).where(eq(onboardings.clientUserId, userId)).limit(1);
  return row ?? null;
}

async function requireForClient(db: Db, userId: string) {
  const row = await findForClient(db, userId);
  if (!row) throw notFound('You have no onboarding');
  return row;
}

async function personName(db: Db, id: string | null) {
  if (!id) return null;
  const [u] = await db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, id)).limit(1);
  return u ? (u.name ?? u.phone) : null;
}

/** GET /api/onboarding/status (spec §3). */
export async function onboardingStatusFor(db: Db, userId: string): Promise<OnboardingStatusResponse> {
  const row = await findForClient(db, userId);
  if (!row) return { hasOnboarding: false, status: null, managerName: null };
  return { hasOnboarding: true, status: row.status, managerName: await personName(db, row.managerId) };
}

export async function kycDocsFor(db: Db, userId: string | null) {
  if (!userId) return [];
  return db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(asc(kycDocuments.createdAt));
}

export async function kycStatusByUser(db: Db, userIds: string[]): Promise<Map<string, KycStatus>> {
  const out = new Map<string, KycStatus>();
  if (!userIds.length) return out;
  const docs = await db
    .select({ userId: kycDocuments.userId, type: kycDocuments.type, status: kycDocuments.status, createdAt: kycDocuments.createdAt })
    .from(kycDocuments)
    .where(inArray(kycDocuments.userId, userIds));
  for (const id of userIds) out.set(id, deriveKycStatus(docs.filter((d) => d.userId === id)));
  return out;
}

/** The step timeline: when each status was entered (the latest entry) and by whom. */
export async function timelineFor(db: Db, row: OnboardingRow) {
  const events = await db
    .select({ from: onboardingEvents.fromStatus, to: onboardingEvents.toStatus, at: onboardingEvents.createdAt, actorName: users.name, actorPhone: users.phone })
    .from(onboardingEvents)
    .leftJoin(users, eq(users.id, onboardingEvents.actorId))
    .where(eq(onboardingEvents.onboardingId, row.id))
    .orderBy(asc(onboardingEvents.createdAt), asc(onboardingEvents.id));
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
export async function onboardingView(ctx: Pick<AppContext, 'db'>, user: AuthUser): Promise<OnboardingView> {
  const row = await requireForClient(ctx.db, user.id);
  const settings = await getOnboardingSettings(ctx.db);
  const docs = await kycDocsFor(ctx.db, user.id);
  const chosen = settings.tiers.find((t) => t.id === row.tier);
  const step = onboardingSteps[row.status];
  return {
    id: row.id,
    status: row.status,
    label: step.label,
    progress: step.progress,
    managerName: await personName(ctx.db, row.managerId),
    clientName: row.clientName,
    tiers: settings.tiers,
    suggestedTier: row.suggestedTier,
    tier: row.tier,
    allocation: row.allocation ?? null,
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
    timeline: await timelineFor(ctx.db, row),
  };
}

type StepResult = { row: OnboardingRow };

/** pending_invitation → tier_selection for a client already signed in when they were invited. */
export async function acceptInvitation(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, user: AuthUser, meta: Meta): Promise<StepResult> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, user.id);
    return { row: await transition(uow, onboardingAggregate, { id: row.id, from: 'pending_invitation', to: 'tier_selection', actor: by(user, meta.ip), now, data: { via: 'accepted' } }) };
  });
}

/** Step 1: tier_selection → portfolio_allocation, keeping the tier's minimum as it is now. */
export async function selectTier(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, user: AuthUser, tier: TierId, meta: Meta): Promise<StepResult> {
  const now = ctx.clock.now();
  const settings = await getOnboardingSettings(ctx.db);
  const chosen = settings.tiers.find((t) => t.id === tier);
  if (!chosen) throw new AppError('bad_request', 'Choose a tier');
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, user.id);
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'tier_selection',
        to: 'portfolio_allocation',
        actor: by(user, meta.ip),
        now,
        patch: { tier, minimumCents: chosen.minimumCents },
        data: { tier, minimumCents: chosen.minimumCents },
      }),
    };
  });
}

/** Step 2: portfolio_allocation → kyc_upload (the schema has checked the 100% total). */
export async function setAllocation(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, user: AuthUser, allocation: Allocation, meta: Meta): Promise<StepResult> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, user.id);
    return {
      row: await transition(uow, onboardingAggregate, { id: row.id, from: 'portfolio_allocation', to: 'kyc_upload', actor: by(user, meta.ip), now, patch: { allocation }, data: { allocation } }),
    };
  });
}

/**
 * Step 3: kyc_upload → documents_signing once ID front, ID back and selfie are submitted (none of
 * them rejected). Review happens in parallel; activation waits for approval (decision record 005).
 */
export async function submitKyc(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, user: AuthUser, meta: Meta): Promise<StepResult> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, user.id);
    if (row.status !== 'kyc_upload') throw conflictFor(row.status, 'kyc_upload');
    const missing = missingKycTypes(await kycDocsFor(tx, user.id));
    if (missing.length) {
      throw new AppError('conflict', `Upload your ${missing.map((t) => kycDocumentLabels[t]).join(', ')} first`);
    }
    return { row: await transition(uow, onboardingAggregate, { id: row.id, from: 'kyc_upload', to: 'documents_signing', actor: by(user, meta.ip), now }) };
  });
}

/** Step 4: documents_signing → awaiting_deposit, keeping the typed name, time, IP and agreement version. */
export async function signAgreement(ctx: Pick<AppContext, 'db' | 'clock' | 'live'>, user: AuthUser, input: SignInput, meta: Meta): Promise<StepResult> {
  const now = ctx.clock.now();
  if (input.agreementVersion !== SERVICE_AGREEMENT.version) {
    throw new AppError('conflict', 'The agreement has changed since you opened it. Please review the current version.');
  }
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const row = await requireForClient(tx, user.id);
    return {
      row: await transition(uow, onboardingAggregate, {
        id: row.id,
        from: 'documents_signing',
        to: 'awaiting_deposit',
        actor: by(user, meta.ip),
        now,
        patch: {
          signatureName: input.fullName,
          signedAt: now,
          signatureIp: meta.ip,
          signatureUserAgent: meta.userAgent?.slice(0, 300) ?? null,
          agreementVersion: SERVICE_AGREEMENT.version,
          agreementSha256: agreementSha256(),
        },
        data: { agreementVersion: SERVICE_AGREEMENT.version, signatureName: input.fullName },
      }),
    };
  });
}
