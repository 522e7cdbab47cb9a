import { formatDateUtc } from '#common/dates.ts';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { ledgerMessages, type Reconciliation, type ReconciliationMismatch, type ReconciliationsResponse } from '#common/ledger.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { invoices, payments, reconciliations, refunds } from '#server/db/schema/money.ts';
import { AppError } from '#server/errors.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { clearingMovements, type ClearingMovement } from '#server/modules/ledger/index.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { PaymentProvider, ProviderActivity } from '#server/providers/payments/payments.provider.ts';

export const RECONCILE_DAY_JOB = 'money.reconcile_day';
const DAY = 86_400_000;
/** The daily run starts a quarter of an hour into the UTC day, for the day before. */
const RUN_OFFSET = 15 * 60_000;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'> & { payments: PaymentProvider };
type Flow = ReconciliationMismatch['flow'];

export interface Matched {
  ledgerPaymentsCents: number;
  ledgerRefundsCents: number;
  providerPaymentsCents: number;
  providerRefundsCents: number;
  matchedCount: number;
  pairedByAmountCount: number;
  mismatches: ReconciliationMismatch[];
}

/**
 * Compares the clearing account's movements with the provider's, per flow and reference: the sums
 * for one payment intent must agree. What is left on both sides after that is paired one to one
 * by equal amount (a membership we know by its subscription, while the provider's charge carries
 * a payment intent); anything still left is a mismatch. A payment reversed in the ledger nets to
 * nothing, so the provider's charge for it shows as money the ledger does not hold.
 */
export function matchActivity(ledger: ClearingMovement[], provider: ProviderActivity): Matched {
  const sums = () => new Map<string, { cents: number; invoiceId: string | null }>();
  const side = { ledger: { payment: sums(), refund: sums() }, provider: { payment: sums(), refund: sums() } };
  const add = (m: ReturnType<typeof sums>, ref: string, cents: number, invoiceId: string | null = null) => {
    const cur = m.get(ref) ?? { cents: 0, invoiceId: null };
    m.set(ref, { cents: cur.cents + cents, invoiceId: cur.invoiceId ?? invoiceId });
  };
  for (const l of ledger) {
    const ref = l.reference ?? '(no reference)';
    if (l.causeType === 'refund') add(side.ledger.refund, ref, -l.netCents, l.invoiceId);
    else add(side.ledger.payment, ref, l.netCents, l.invoiceId);
  }
  for (const p of provider.payments) add(side.provider.payment, p.reference, p.amountCents);
  for (const r of provider.refunds) add(side.provider.refund, r.reference, r.amountCents);

  const total = (m: ReturnType<typeof sums>) => [...m.values()].reduce((s, v) => s + v.cents, 0);
  const out: Matched = {
    ledgerPaymentsCents: total(side.ledger.payment),
    ledgerRefundsCents: total(side.ledger.refund),
    providerPaymentsCents: total(side.provider.payment),
    providerRefundsCents: total(side.provider.refund),
    matchedCount: 0,
    pairedByAmountCount: 0,
    mismatches: [],
  };
  for (const flow of ['payment', 'refund'] as Flow[]) {
    const ours = side.ledger[flow];
    const theirs = side.provider[flow];
    const onlyOurs: ReconciliationMismatch[] = [];
    const onlyTheirs: ReconciliationMismatch[] = [];
    for (const ref of new Set([...ours.keys(), ...theirs.keys()])) {
      const l = ours.get(ref)?.cents ?? 0;
      const p = theirs.get(ref)?.cents ?? 0;
      const invoiceId = ours.get(ref)?.invoiceId ?? null;
      if (l === p) {
        if (l !== 0) out.matchedCount++;
        continue;
      }
      const m: ReconciliationMismatch = { kind: 'amount_differs', flow, reference: ref, ledgerCents: l, providerCents: p, invoiceId };
      if (p === 0) onlyOurs.push({ ...m, kind: 'missing_at_provider' });
      else if (l === 0) onlyTheirs.push({ ...m, kind: 'missing_in_ledger' });
      else out.mismatches.push(m);
    }
    for (const o of onlyOurs) {
      const i = onlyTheirs.findIndex((t) => t.providerCents === o.ledgerCents);
      if (i >= 0) {
        onlyTheirs.splice(i, 1);
        out.pairedByAmountCount++;
      } else out.mismatches.push(o);
    }
    out.mismatches.push(...onlyTheirs);
  }
  return out;
}

/** The test provider moves no money: what it "took" is our own record of its payments and refunds. */
async function ownRecord(ctx: Pick<AppContext, 'db'>, from: Date, to: Date): Promise<ProviderActivity> {
  const paid = await ctx.db
    .select({ intentId: payments.intentId, sessionId: payments.sessionId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.provider, 'test'), eq(payments.status, 'succeeded'), gte(payments.updatedAt, from), lt(payments.updatedAt, to)));
  const back = await ctx.db
    .select({ id: refunds.id, amountCents: refunds.amountCents, intentId: payments.intentId, reference: invoices.paymentReference })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.updatedAt, from), lt(refunds.updatedAt, to)));
  return {
    payments: paid.map((p) => ({ reference: p.intentId ?? p.sessionId, amountCents: p.amountCents, currency: 'usd' })),
    refunds: back.map((r) => ({ id: r.id, reference: r.intentId ?? r.reference ?? r.id, amountCents: r.amountCents, currency: 'usd' })),
  };
}

const toReconciliation = (r: typeof reconciliations.$inferSelect): Reconciliation => ({
  id: r.id,
  day: r.day,
  provider: r.provider,
  status: r.status,
  ledgerPaymentsCents: r.ledgerPaymentsCents,
  ledgerRefundsCents: r.ledgerRefundsCents,
  providerPaymentsCents: r.providerPaymentsCents,
  providerRefundsCents: r.providerRefundsCents,
  matchedCount: r.matchedCount,
  pairedByAmountCount: r.pairedByAmountCount,
  mismatches: r.mismatches,
  error: r.error,
  ranBy: r.ranBy,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Reconciles one UTC day (decision 138) and keeps the run. A provider that cannot be reached is
 * a `failed` run with the reason (and an error for the job, so it is retried); a mismatch tells
 * the admins. `actor` is the admin who pressed the button, or null for the daily job.
 */
export async function reconcileDay(ctx: Ctx, actor: SignedInActor | null, input: { day: string }): Promise<Reconciliation> {
  const provider = ctx.payments;
  if (input.day > ctx.clock.now().toISOString().slice(0, 10)) throw new AppError('bad_request', ledgerMessages.futureDay);
  const from = new Date(`${input.day}T00:00:00Z`);
  const to = new Date(from.getTime() + DAY);
  const now = ctx.clock.now();
  let matched: Matched | null = null;
  let error: string | null = null;
  try {
    const theirs = (await provider.activity({ from, to })) ?? (await ownRecord(ctx, from, to));
    const foreign = [...theirs.payments, ...theirs.refunds].find((x) => x.currency.toLowerCase() !== 'usd');
    matched = matchActivity(await clearingMovements(ctx, { from, to }), theirs);
    if (foreign) error = `The provider reports money in ${foreign.currency.toUpperCase()}; the ledger takes US dollars only`;
  } catch (err) {
    error = `The provider could not be read: ${(err as Error).message}`;
  }
  const status = error ? 'failed' : matched!.mismatches.length ? 'mismatched' : 'matched';
  const row = await inTransaction(ctx, async (uow) => {
    const [saved] = await uow.tx
      .insert(reconciliations)
      .values({ day: input.day, provider: provider.name, status, ...(matched ?? {}), error, ranBy: actor?.user.id ?? null, createdAt: now })
      .returning();
    await audit(uow.tx, {
      ...(actor ? auditBy(actor) : { actorId: null, ip: null }),
      action: 'ledger.reconciled',
      targetType: 'reconciliation',
      targetId: saved!.id,
      data: { day: input.day, status, mismatches: matched?.mismatches.length ?? 0 },
      at: now,
    });
    if (status !== 'matched') {
      const what =
        error ??
        `${matched!.mismatches.length} difference${matched!.mismatches.length === 1 ? '' : 's'}: ledger ${formatCents(matched!.ledgerPaymentsCents)} in, provider ${formatCents(matched!.providerPaymentsCents)} in`;
      await notify(uow, {
        kind: 'ledger_mismatch',
        title: `Reconciliation of ${formatDateUtc(input.day)} ${status === 'failed' ? 'failed' : 'found differences'}`,
        message: what,
        variant: 'destructive',
        admins: { link: '/admin/ledger' },
        now,
      });
    }
    return saved!;
  });
  return toReconciliation(row);
}

/** The latest runs, newest first. */
export async function listReconciliations(ctx: Pick<AppContext, 'db'>, _actor?: SignedInActor): Promise<ReconciliationsResponse> {
  const rows = await ctx.db.select().from(reconciliations).orderBy(desc(reconciliations.day), desc(reconciliations.createdAt)).limit(60);
  return { reconciliations: rows.map(toReconciliation) };
}

const dayBefore = (t: Date) => new Date(Math.floor(t.getTime() / DAY) * DAY - DAY).toISOString().slice(0, 10);
const nextRunAfter = (t: Date) => new Date(Math.floor((t.getTime() - RUN_OFFSET) / DAY) * DAY + DAY + RUN_OFFSET);

/** Schedules the next daily run; the key names its day, so servers starting together make one job. */
export async function scheduleReconciliation(ctx: Pick<AppContext, 'db' | 'clock'>, input: { runAt?: Date } = {}) {
  const runAt = input.runAt ?? nextRunAfter(ctx.clock.now());
  await enqueueJob(ctx.db, { name: RECONCILE_DAY_JOB, runAt, key: `${RECONCILE_DAY_JOB}:${dayBefore(runAt)}`, payload: { day: dayBefore(runAt) } });
}

/**
 * The daily job: reconcile the day before, then schedule tomorrow's run. A provider that cannot
 * be read is kept as one failed run and told to the admins, who run it again from the button
 * (retrying here would repeat the notice with every attempt).
 */
export async function runDailyReconciliation(ctx: Ctx, payload: { day?: string }) {
  const day = payload.day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(payload.day) ? payload.day : dayBefore(ctx.clock.now());
  await reconcileDay(ctx, null, { day });
  await scheduleReconciliation(ctx, { runAt: nextRunAfter(new Date(Date.parse(`${day}T00:00:00Z`) + DAY + RUN_OFFSET)) });
}

/**
 * The demo's daily runs for the week before `now` (the test provider's own record against the
 * ledger), as the job would have left them; a day already reconciled is kept as it is.
 */
export async function seedDailyRuns(ctx: Pick<AppContext, 'db'>, input: { now: Date; days: number }) {
  const { db } = ctx;
  for (let d = input.days; d >= 1; d--) {
    const day = dayBefore(new Date(input.now.getTime() - (d - 1) * DAY));
    const [seen] = await db.select({ id: reconciliations.id }).from(reconciliations).where(eq(reconciliations.day, day)).limit(1);
    if (seen) continue;
    const from = new Date(`${day}T00:00:00Z`);
    const to = new Date(from.getTime() + DAY);
    const matched = matchActivity(await clearingMovements({ db }, { from, to }), await ownRecord({ db }, from, to));
    await db.insert(reconciliations).values({
      day,
      provider: 'test',
      status: matched.mismatches.length ? 'mismatched' : 'matched',
      ...matched,
      // Never in the future (a start just after midnight has not reached the run time yet).
      createdAt: new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + DAY + RUN_OFFSET, input.now.getTime())),
    });
  }
}
