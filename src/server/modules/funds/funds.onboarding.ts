import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { fundMessages, splitByPercent, type FundAllocation, type OnboardingFundChoice } from '#common/funds.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { fundAllocations, funds, fundTransactions } from '#server/db/schema/funds.ts';
import { AppError } from '#server/errors.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import { audit, type AuditEntry } from '#server/lib/audit.ts';
import { fundUpdated } from './funds.events.ts';

/**
 * The onboarding's fund choice (decision 083): stored by the allocation step, turned into pending
 * subscriptions when a manager or admin confirms the deposit. Both run inside the onboarding
 * module's own transaction.
 */

/** Replaces the onboarding's fund choice; every fund must exist and be open (field `funds`). */
export async function saveFundAllocation(tx: Db, input: { onboardingId: string; funds: FundAllocation }) {
  const ids = input.funds.map((f) => f.fundId);
  const rows = await tx.select({ id: funds.id, name: funds.name, status: funds.status }).from(funds).where(inArray(funds.id, ids));
  for (const choice of input.funds) {
    const f = rows.find((r) => r.id === choice.fundId);
    const msg = !f ? fundMessages.allocationFundUnknown : f.status !== 'open' ? fundMessages.allocationFundClosed(f.name) : null;
    if (msg) throw new AppError('bad_request', msg, { fieldErrors: { funds: [msg] } });
  }
  await tx.delete(fundAllocations).where(eq(fundAllocations.onboardingId, input.onboardingId));
  await tx.insert(fundAllocations).values(input.funds.map((f) => ({ onboardingId: input.onboardingId, fundId: f.fundId, percent: f.percent })));
}

/** The stored fund choice with the funds' names, largest share first. */
export async function fundAllocationFor(ctx: Pick<AppContext, 'db'>, input: { onboardingId: string }): Promise<OnboardingFundChoice[]> {
  return ctx.db
    .select({ fundId: fundAllocations.fundId, percent: fundAllocations.percent, fundName: funds.name })
    .from(fundAllocations)
    .innerJoin(funds, eq(funds.id, fundAllocations.fundId))
    .where(eq(fundAllocations.onboardingId, input.onboardingId))
    .orderBy(asc(funds.name));
}

/**
 * On a confirmed deposit: one pending subscription per chosen fund for its share of the amount
 * (leftover cents to the largest share), dealt at each fund's next valuation. A fund closed since
 * the choice refuses the confirmation (409), so nothing is written. The tier's minimum governs the
 * deposit; the funds' own minimums apply to members' later requests. Idempotent per fund.
 */
export async function subscribeFromDeposit(
  uow: UnitOfWork,
  by: Pick<AuditEntry, 'actorId' | 'impersonatorId' | 'ip'>,
  input: { onboardingId: string; userId: string; amountCents: number; at: Date },
): Promise<{ fundId: string; amountCents: number }[]> {
  const { tx } = uow;
  const choice = await tx
    .select({ fundId: fundAllocations.fundId, percent: fundAllocations.percent, name: funds.name, status: funds.status })
    .from(fundAllocations)
    .innerJoin(funds, eq(funds.id, fundAllocations.fundId))
    .where(eq(fundAllocations.onboardingId, input.onboardingId))
    .orderBy(asc(fundAllocations.fundId));
  if (choice.length === 0) return [];
  const closed = choice.find((c) => c.status !== 'open');
  if (closed)
    throw new AppError(
      'conflict',
      `${fundMessages.allocationFundClosed(closed.name)}; the client’s fund choice must be changed before the deposit is confirmed`,
    );
  const parts = splitByPercent(input.amountCents, choice);
  const existing = await tx
    .select({ fundId: fundTransactions.fundId })
    .from(fundTransactions)
    .where(
      and(
        eq(fundTransactions.onboardingId, input.onboardingId),
        inArray(
          fundTransactions.fundId,
          parts.map((p) => p.fundId),
        ),
      ),
    );
  const todo = parts.filter((p) => !existing.some((e) => e.fundId === p.fundId));
  if (todo.length) {
    await tx.insert(fundTransactions).values(
      todo.map((p) => ({
        fundId: p.fundId,
        userId: input.userId,
        kind: 'subscription' as const,
        source: 'onboarding' as const,
        amountCents: p.amountCents,
        onboardingId: input.onboardingId,
        note: `Initial deposit, ${choice.find((c) => c.fundId === p.fundId)?.percent}% of ${formatCents(input.amountCents)}`,
        createdBy: by.actorId,
        createdAt: input.at,
        updatedAt: input.at,
      })),
    );
  }
  await audit(tx, {
    ...by,
    action: 'fund.onboarding_subscriptions',
    targetType: 'onboarding',
    targetId: input.onboardingId,
    data: { userId: input.userId, parts: todo },
    at: input.at,
  });
  for (const p of todo) {
    uow.afterCommit(() =>
      fundUpdated(uow.ctx, {
        fundId: p.fundId,
        reason: 'transaction',
        members: [
          {
            userId: input.userId,
            message: `Your deposit of ${formatCents(p.amountCents)} goes into ${choice.find((c) => c.fundId === p.fundId)?.name} at its next valuation.`,
          },
        ],
      }),
    );
  }
  return todo;
}
