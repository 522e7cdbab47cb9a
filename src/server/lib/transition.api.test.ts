import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#common/live.ts';
import type { Database } from '#server/db/client.ts';
import { invoiceEvents } from '#server/db/schema/money.ts';
import { onboardingEvents, onboardings } from '#server/db/schema/onboarding.ts';
import { auditLog, users } from '#server/db/schema/users.ts';
import { AppError } from '#server/errors.ts';
import { invoiceAggregate } from '#server/modules/money/index.ts';
import { onboardingAggregate } from '#server/modules/onboarding/index.ts';
import type { Audience } from '#server/realtime/bus.ts';
import type { Live } from '#server/realtime/hub.ts';
import { createInvoice } from '#server/test/factories.ts';
import { createTestDatabase } from '#server/test/harness.ts';
import { inTransaction, transition, transitionMany } from './transition.ts';

let database: Database;
let managerId: string;
let seq = 0;
const published: { audience: Audience | Audience[]; event: LiveEvent }[] = [];
const live: Live = {
  publish: async (audience, event) => void published.push({ audience, event }),
  disconnect: async () => {},
  sessionsChanged: async () => {},
  settingsChanged: async () => {},
};
const ctx = () => ({ db: database.db, live });
const now = new Date('2026-06-01T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  [{ id: managerId }] = await database.db
    .insert(users)
    .values({ phone: '+12125559001', name: 'Morgan Manager', isManager: true })
    .returning({ id: users.id });
});
afterAll(() => database.close());

async function onboardingAt(status: (typeof onboardings.$inferSelect)['status'], manager = managerId) {
  const [row] = await database.db
    .insert(onboardings)
    .values({ clientPhone: `+1415555${String(++seq).padStart(4, '0')}`, managerId: manager, status, managerConsent: 'accepted' })
    .returning();
  return row;
}

const byManager = () => ({ user: { id: managerId }, impersonatorId: null, ip: '203.0.113.9' });
const move = (id: string, fail?: Error) =>
  inTransaction(ctx(), async (uow) => {
    const row = await transition(uow, onboardingAggregate, { id, from: 'tier_selection', to: 'portfolio_allocation', actor: byManager(), now });
    if (fail) throw fail;
    return row;
  });

describe('transition() on the database', () => {
  it('lets exactly one of two racing writers win; the other gets a 409 and leaves no trace', async () => {
    const o = await onboardingAt('tier_selection');
    published.length = 0;
    const results = await Promise.allSettled([move(o.id), move(o.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(AppError);
    expect((lost.reason as AppError).statusCode).toBe(409);

    const [after] = await database.db.select().from(onboardings).where(eq(onboardings.id, o.id));
    expect(after.status).toBe('portfolio_allocation');
    const events = await database.db.select().from(onboardingEvents).where(eq(onboardingEvents.onboardingId, o.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([['tier_selection', 'portfolio_allocation', managerId]]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, o.id), eq(auditLog.action, 'onboarding.status_changed')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: managerId,
      ip: '203.0.113.9',
      targetType: 'onboarding',
      data: { from: 'tier_selection', to: 'portfolio_allocation' },
    });
    expect(published.filter((p) => p.event.type === 'onboarding_updated')).toHaveLength(1);
    expect(published[0].event).toMatchObject({ status: 'portfolio_allocation' });
    // The client's manager by id, the admins resolved when delivered (no lookup per event).
    expect(published[0].audience).toEqual([{ kind: 'users', userIds: [managerId] }, { kind: 'admins' }]);
  });

  it('publishes the live event only after the commit, and never when the transaction rolls back', async () => {
    const o = await onboardingAt('tier_selection');
    published.length = 0;
    let seenInside = -1;
    await inTransaction(ctx(), async (uow) => {
      await transition(uow, onboardingAggregate, { id: o.id, from: 'tier_selection', to: 'portfolio_allocation', actor: byManager(), now });
      seenInside = published.length;
    });
    expect(seenInside).toBe(0);
    expect(published).toHaveLength(1);

    const p = await onboardingAt('tier_selection');
    published.length = 0;
    await expect(move(p.id, new Error('later step failed'))).rejects.toThrow('later step failed');
    expect(published).toEqual([]);
    const [after] = await database.db.select().from(onboardings).where(eq(onboardings.id, p.id));
    expect(after.status).toBe('tier_selection');
    expect(await database.db.select().from(onboardingEvents).where(eq(onboardingEvents.onboardingId, p.id))).toEqual([]);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.targetId, p.id))).toEqual([]);
  });
});

describe('transitionMany() on the database', () => {
  it('moves the matching rows from each listed status, writes history per moved row, and only patches rows already there', async () => {
    const [{ id: other }] = await database.db
      .insert(users)
      .values({ phone: '+12125559002', name: 'Other Manager', isManager: true })
      .returning({ id: users.id });
    const [a, b, already, later] = [
      await onboardingAt('tier_selection', other),
      await onboardingAt('tier_selection', other),
      await onboardingAt('portfolio_allocation', other),
      await onboardingAt('kyc_upload', other),
    ];
    const mine = await onboardingAt('tier_selection');
    published.length = 0;
    const moved = await inTransaction(ctx(), (uow) =>
      transitionMany(uow, onboardingAggregate, {
        where: eq(onboardings.managerId, other),
        from: ['tier_selection', 'portfolio_allocation'],
        to: 'portfolio_allocation',
        actor: byManager(),
        now,
      }),
    );
    expect(moved.map((r) => r.id).sort()).toEqual([a.id, b.id, already.id].sort());
    const statusOf = async (id: string) => (await database.db.select().from(onboardings).where(eq(onboardings.id, id)))[0].status;
    expect(await statusOf(later.id)).toBe('kyc_upload');
    expect(await statusOf(mine.id)).toBe('tier_selection');
    for (const o of [a, b]) {
      const events = await database.db.select().from(onboardingEvents).where(eq(onboardingEvents.onboardingId, o.id));
      expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([['tier_selection', 'portfolio_allocation']]);
    }
    expect(await database.db.select().from(onboardingEvents).where(eq(onboardingEvents.onboardingId, already.id))).toEqual([]);
    expect(published.filter((p) => p.event.type === 'onboarding_updated')).toHaveLength(2);
  });
});

describe('invoice history', () => {
  it('is written to invoice_events by transition(), with a void reason as its note', async () => {
    const inv = await createInvoice({ db: database.db }, { id: managerId }, { status: 'draft' });
    await inTransaction(ctx(), (uow) =>
      transition(uow, invoiceAggregate, { id: inv.id, from: 'draft', to: 'void', actor: byManager(), now, data: { reason: 'Raised in error' } }),
    );
    const events = await database.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, inv.id));
    expect(events.map((e) => ({ from: e.fromStatus, to: e.toStatus, note: e.note, actorId: e.actorId }))).toEqual([
      { from: 'draft', to: 'void', note: 'Raised in error', actorId: managerId },
    ]);
  });
});
