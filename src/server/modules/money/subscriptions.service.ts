import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { moneyMessages, type Subscription, type SubscriptionPlan } from '#common/money.ts';
import type { SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { subscriptionPlans, subscriptions } from '#server/db/schema/money.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transitionMany, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { postMembershipRenewed } from '#server/modules/ledger/index.ts';
import { createInvoiceIn } from './invoices.service.ts';
import { subscriptionAggregate } from './money.aggregates.ts';
import type { MoneyContext } from './money.context.ts';
import type { InvoicePaidHandler, InvoiceRow } from './money.settlement.ts';
import { cancelAtProviderLater } from './checkout-expiry.ts';
import { openCheckout, refuseOpenSubscriptionCheckout } from './payments.service.ts';

type Ctx = Pick<MoneyContext, 'db' | 'live' | 'clock' | 'log' | 'config' | 'payments'>;
type PlanRow = typeof subscriptionPlans.$inferSelect;
type SubRow = typeof subscriptions.$inferSelect;

/** A membership not yet canceled. */
const live = ['active', 'past_due'] as const;
const SYSTEM_ACTOR = { user: null, impersonatorId: null, ip: null };

const toPlan = (p: PlanRow): SubscriptionPlan => ({ id: p.id, name: p.name, priceCents: p.priceCents, benefits: p.benefits, active: p.active });

function toSubscription(s: SubRow, plan: PlanRow): Subscription {
  return {
    id: s.id,
    plan: toPlan(plan),
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    canceledAt: s.canceledAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

function addMonth(d: Date): Date {
  const n = new Date(d);
  n.setUTCMonth(n.getUTCMonth() + 1);
  return n;
}

/** GET /api/subscription-plans: the plans on offer, cheapest first. */
export async function listPlans(ctx: Pick<Ctx, 'db'>): Promise<SubscriptionPlan[]> {
  const rows = await ctx.db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.priceCents));
  return rows.map(toPlan);
}

async function liveSubscription(db: Db, userId: string) {
  const [row] = await db
    .select({ sub: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')))
    .limit(1);
  return row ?? null;
}

/** GET /api/user/subscription. */
export async function mySubscription(ctx: Pick<Ctx, 'db'>, actor: SignedInActor): Promise<Subscription | null> {
  const row = await liveSubscription(ctx.db, actor.user.id);
  return row ? toSubscription(row.sub, row.plan) : null;
}

/** POST /api/subscribe: a first month's invoice, paid through the provider's checkout. */
export async function subscribe(ctx: Ctx, actor: SignedInActor, input: { planId: string }) {
  const [plan] = await ctx.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, input.planId)).limit(1);
  if (!plan) throw notFound(moneyMessages.planNotFound);
  if (!plan.active) throw new AppError('conflict', moneyMessages.planInactive);
  const current = await liveSubscription(ctx.db, actor.user.id);
  if (current?.sub.planId === plan.id && current.sub.status === 'active') throw new AppError('conflict', moneyMessages.alreadySubscribed);
  // One membership checkout at a time: two open ones could both be paid and both start billing.
  await refuseOpenSubscriptionCheckout(ctx, actor.user.id);
  const now = ctx.clock.now();
  const invoice = await inTransaction(ctx, (uow) =>
    createInvoiceIn(uow, actor, {
      userId: actor.user.id,
      lines: [{ type: 'fixed', label: `${plan.name} membership (1 month)`, amountCents: plan.priceCents }],
      dueDate: now.toISOString().slice(0, 10),
      related: { kind: 'subscription', id: plan.id },
      send: true,
      quiet: true,
      now,
    }),
  );
  return openCheckout(ctx, actor, { invoice, kind: 'subscription', planId: plan.id, description: `${plan.name} membership` });
}

/** A paid membership invoice starts (or switches) the member's membership, in the settlement transaction. */
export const membershipInvoicePaid: InvoicePaidHandler = async (uow, { invoice, payment, providerCustomerId, providerSubscriptionId, now }) => {
  const { tx } = uow;
  const planId = payment?.planId ?? invoice.relatedId;
  if (!planId) return;
  // A plan switch: the old plan stops billing at the provider as well as here (unless the
  // provider moved the same subscription to the new plan).
  await endMemberships(uow, eq(subscriptions.userId, invoice.userId), 'Replaced by a new membership', now, providerSubscriptionId);
  await tx.insert(subscriptions).values({
    userId: invoice.userId,
    planId,
    status: 'active',
    currentPeriodEnd: addMonth(now),
    provider: payment?.provider ?? 'test',
    providerCustomerId,
    providerSubscriptionId,
    invoiceId: invoice.id,
    createdAt: now,
    updatedAt: now,
  });
};

/**
 * A membership invoice refunded in full ends the membership it started, here and at the provider
 * (decision 134), in the refund's transaction. A partial refund leaves it running.
 */
export async function membershipInvoiceRefunded(uow: UnitOfWork, invoice: Pick<InvoiceRow, 'id'>, now: Date) {
  const ended = await endMemberships(uow, eq(subscriptions.invoiceId, invoice.id), 'Its invoice was refunded in full', now);
  return ended.length > 0;
}

/** Cancels the live memberships `where` picks, here and (later, by a job) at their provider; `keep` is a provider subscription still in use. */
async function endMemberships(uow: UnitOfWork, where: SQL, note: string, now: Date, keep?: string | null) {
  const ended = await transitionMany(uow, subscriptionAggregate, {
    where,
    from: live,
    to: 'canceled',
    actor: SYSTEM_ACTOR,
    now,
    patch: { canceledAt: now },
    data: { note },
  });
  for (const sub of ended) {
    if (sub.provider !== 'test' && sub.providerSubscriptionId && sub.providerSubscriptionId !== keep) {
      await cancelAtProviderLater(uow, { provider: sub.provider, providerSubscriptionId: sub.providerSubscriptionId }, now);
    }
  }
  return ended;
}

/** POST /api/user/subscription/cancel: ends the membership now (and at the provider). */
export async function cancelSubscription(ctx: Ctx, actor: SignedInActor): Promise<Subscription | null> {
  const row = await liveSubscription(ctx.db, actor.user.id);
  if (!row) throw new AppError('conflict', moneyMessages.noSubscription);
  if (row.sub.provider === 'stripe' && row.sub.providerSubscriptionId) {
    try {
      await ctx.payments.cancelSubscription(row.sub.providerSubscriptionId);
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message } }, 'provider subscription not canceled');
      throw new AppError('unavailable', moneyMessages.providerUnavailable);
    }
  }
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    await transitionMany(uow, subscriptionAggregate, {
      where: eq(subscriptions.id, row.sub.id),
      from: live,
      to: 'canceled',
      actor,
      now,
      patch: { canceledAt: now },
    });
    await audit(tx, {
      ...auditBy(actor),
      action: 'subscription.canceled',
      targetType: 'subscription',
      targetId: row.sub.id,
      data: { planId: row.plan.id },
      at: now,
    });
  });
  return null;
}

/** Which provider event was applied last (kept on the row, so older ones can be told apart). */
interface EventOrder {
  eventId: string;
  createdAt: Date;
  objectAt: Date | null;
}

/**
 * True when this event is newer than the one last applied: a later `created`, or the same second
 * and object timestamps no older. Checked in the UPDATE itself, so two deliveries racing cannot
 * both win on stale reads.
 */
function newerThanApplied(e: EventOrder): SQL {
  const objectAt = (e.objectAt ?? new Date(0)).toISOString();
  const createdAt = e.createdAt.toISOString();
  return sql`(${subscriptions.providerEventAt} is null
    or ${subscriptions.providerEventAt} < ${createdAt}::timestamptz
    or (${subscriptions.providerEventAt} = ${createdAt}::timestamptz and coalesce(${subscriptions.providerObjectAt}, 'epoch'::timestamptz) <= ${objectAt}::timestamptz))`;
}

const applied = (e: EventOrder) => ({ providerEventAt: e.createdAt, providerObjectAt: e.objectAt, providerEventId: e.eventId });

/**
 * Stripe's `invoice.paid` for a renewal: the period moves on (unless a newer event was applied),
 * and the month's money is booked (decision 132) in the same transaction. The money is booked
 * whatever the order: an older event is stale for the status, not for the charge it reports.
 */
export async function subscriptionRenewed(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  input: {
    subscriptionId: string;
    periodEnd: Date | null;
    charge?: { providerInvoiceId: string; amountCents: number; reference: string } | null;
  } & EventOrder,
): Promise<'renewed' | 'stale'> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await transitionMany({ tx }, subscriptionAggregate, {
      where: and(eq(subscriptions.providerSubscriptionId, input.subscriptionId), newerThanApplied(input)),
      from: live,
      to: 'active',
      actor: SYSTEM_ACTOR,
      now,
      patch: { ...(input.periodEnd ? { currentPeriodEnd: input.periodEnd } : {}), ...applied(input) },
    });
    if (input.charge) {
      const [ours] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, input.subscriptionId))
        .limit(1);
      if (ours) await postMembershipRenewed(tx, { ...input.charge, subscriptionId: ours.id, at: now });
    }
    return rows.length ? 'renewed' : 'stale';
  });
}

/** Stripe's `customer.subscription.updated` / `.deleted`. */
export async function subscriptionChanged(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  input: { subscriptionId: string; status: 'active' | 'past_due' | 'canceled'; periodEnd: Date | null } & EventOrder,
): Promise<'changed' | 'stale'> {
  const now = ctx.clock.now();
  const rows = await ctx.db.transaction((tx) =>
    transitionMany({ tx }, subscriptionAggregate, {
      where: and(eq(subscriptions.providerSubscriptionId, input.subscriptionId), newerThanApplied(input)),
      from: live,
      to: input.status,
      actor: SYSTEM_ACTOR,
      now,
      patch: {
        ...(input.periodEnd ? { currentPeriodEnd: input.periodEnd } : {}),
        ...(input.status === 'canceled' ? { canceledAt: now } : {}),
        ...applied(input),
      },
    }),
  );
  return rows.length ? 'changed' : 'stale';
}
