import { eq } from 'drizzle-orm';
import { managerConsentTransitions, type ManagerConsent } from '#common/onboarding.ts';
import type { Db } from '#server/db/client.ts';
import { managerConsentEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate, UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { announceOnboarding } from './onboarding.events.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

type OnboardingRow = typeof onboardings.$inferSelect;

/**
 * The member's consent to their manager (decision 127), moved through the shared transition
 * building block: pending → accepted | declined, accepted → removed, and declined | removed →
 * pending when a manager invites the member again. Each move is audited
 * (`manager_consent.status_changed`), kept in manager_consent_events with the manager it was
 * about, told to the other party as a notification, and announced live.
 */
export const managerConsentAggregate: Aggregate<ManagerConsent, OnboardingRow> = {
  name: 'manager_consent',
  table: onboardings,
  idColumn: onboardings.id,
  statusColumn: onboardings.managerConsent,
  statusKey: 'managerConsent',
  updatedKeys: ['updatedAt', 'lastActivityAt', 'managerConsentAt'],
  transitions: managerConsentTransitions,
  recordHistory: async (tx, e) => {
    const managerId = typeof e.data?.managerId === 'string' ? e.data.managerId : null;
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx
      .insert(managerConsentEvents)
      .values({ onboardingId: e.id, managerId, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: (current) =>
    new AppError('conflict', current === 'accepted' ? 'You have already accepted this invitation' : 'There is no invitation waiting for your answer'),
  notFound: () => notFound('You have no onboarding'),
  announce: (ctx, row) => announceOnboarding(ctx, row, { consentChanged: true }),
  notify: (uow, row, now) => notifyConsent(uow, row, now),
};

async function nameOf(tx: Db, id: string | null) {
  if (!id) return null;
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name?.trim() || null;
}

/** The first history entry: the invitation itself (it has no earlier consent). */
export async function recordInvitation(tx: Db, input: { onboardingId: string; managerId: string; at: Date }) {
  await tx.insert(managerConsentEvents).values({
    onboardingId: input.onboardingId,
    managerId: input.managerId,
    fromStatus: null,
    toStatus: 'pending',
    actorId: input.managerId,
    at: input.at,
  });
}

/**
 * Who hears of a consent move: the member of an invitation (pending), the manager of the
 * member's answer (accepted, declined, removed). The manager is named to the member; the member
 * is named to the manager only by the name the manager typed when inviting.
 */
export async function notifyConsent(uow: UnitOfWork, row: OnboardingRow, now: Date) {
  const client = row.clientName?.trim() || 'Your client';
  switch (row.managerConsent) {
    case 'pending': {
      if (!row.clientUserId) return;
      const manager = (await nameOf(uow.tx, row.managerId)) ?? 'A portfolio manager';
      await notify(uow, {
        kind: 'manager_invitation',
        title: 'Portfolio manager invitation',
        message: `${manager} invited you to let them manage your portfolio. Nothing is shared with them until you accept`,
        user: { id: row.clientUserId, link: '/dashboard' },
        now,
      });
      return;
    }
    case 'accepted':
      if (!row.managerId) return;
      await notify(uow, {
        kind: 'manager_client_updated',
        title: 'Invitation accepted',
        message: `${client} accepted your invitation; you can now follow their portfolio`,
        user: { id: row.managerId, link: `/manager/clients/${row.id}` },
        now,
      });
      return;
    case 'declined':
      if (!row.managerId) return;
      await notify(uow, {
        kind: 'manager_client_updated',
        title: 'Invitation declined',
        message: `${client} declined your invitation`,
        variant: 'destructive',
        user: { id: row.managerId, link: '/manager' },
        now,
      });
      return;
    case 'removed':
      if (!row.managerId) return;
      await notify(uow, {
        kind: 'manager_client_updated',
        title: 'Client removed you',
        message: `${client} removed you as their portfolio manager; you no longer see or act for them`,
        variant: 'destructive',
        user: { id: row.managerId, link: '/manager' },
        now,
      });
      return;
  }
}
