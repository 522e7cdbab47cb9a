import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { moneyMessages, refundMessages, type CreateRefundValues, type Invoice, type Refund } from '#common/money.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, payments, refunds } from '#server/db/schema/money.ts';
import { AppError, notFound } from '#server/errors.ts';
import { enqueueJob, type JobAttempt } from '#server/lib/jobs.ts';
import { inTransaction, transitionMany, type EventsContext, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { postRefund } from '#server/modules/ledger/index.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { RefundRefusedError, type PaymentProvider } from '#server/providers/payments/payments.provider.ts';
import { invoiceById } from './invoices.service.ts';
import { refundAggregate } from './money.aggregates.ts';
import { membershipInvoiceRefunded } from './subscriptions.service.ts';
import type { MoneyContext } from './money.context.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

export const ADMIN_REFUND_JOB = 'money.admin_refund';

type RefundRow = typeof refunds.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const requestHash = (invoiceId: string, body: CreateRefundValues) =>
  createHash('sha256')
    .update(JSON.stringify([invoiceId, body.amountCents, body.reason.trim()]))
    .digest('hex');

const creator = { id: users.id, name: users.name };
const SYSTEM_ACTOR = { user: null, impersonatorId: null, ip: null };

function toRefund(r: RefundRow, by: { id: string; name: string | null } | null): Refund {
  return {
    id: r.id,
    invoiceId: r.invoiceId,
    amountCents: r.amountCents,
    reason: r.reason,
    status: r.status,
    providerRefundId: r.providerRefundId,
    createdBy: by?.id ? by : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function refundView(db: Db, id: string): Promise<Refund> {
  const [row] = await db
    .select({ r: refunds, by: creator })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(eq(refunds.id, id))
    .limit(1);
  return toRefund(row!.r, row!.by?.id ? row!.by : null);
}

/** What is still refundable: the invoice's total less refunds succeeded or on their way. */
async function refundedOrPending(tx: Db, invoiceId: string) {
  const [row] = await tx
    .select({ s: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.invoiceId, invoiceId), inArray(refunds.status, ['pending', 'succeeded'])));
  return row?.s ?? 0;
}

/** A refund succeeded: booked on the ledger (keyed by the refund), and the member told. */
async function refundSucceeded(
  uow: UnitOfWork,
  r: RefundRow,
  inv: Pick<InvoiceRow, 'id' | 'number' | 'userId' | 'relatedKind' | 'totalCents'>,
  reference: string | null,
  now: Date,
) {
  await postRefund(uow.tx, { id: r.id, invoiceId: inv.id, invoiceNumber: inv.number, amountCents: r.amountCents, at: now, reference }, r.createdBy);
  // What a refund does beyond the money (decision 134): a membership refunded in full ends; a
  // sale, loan installment or fee stands, and the house bears the refund.
  let membershipEnded = false;
  if (inv.relatedKind === 'subscription') {
    const [{ refunded }] = (await uow.tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.invoiceId, inv.id), eq(refunds.status, 'succeeded')))) as [{ refunded: number }];
    if (refunded >= inv.totalCents) membershipEnded = await membershipInvoiceRefunded(uow, inv, now);
  }
  await notify(uow, {
    kind: 'invoice_paid',
    title: refundMessages.memberTitle,
    message: refundMessages.member(inv.number, formatCents(r.amountCents)) + (membershipEnded ? ` ${refundMessages.membershipEnded}` : ''),
    user: { id: inv.userId, link: '/dashboard/payments' },
    now,
  });
}

/**
 * POST /api/admin/invoices/{id}/refunds: gives back part or all of a paid invoice. The invoice row
 * is locked so two refunds never together exceed what was paid. Paid through Stripe, the provider
 * is called by a durable job after this commits and the refund is booked when it answers;
 * otherwise (the test provider, or paid outside checkout) it succeeds at once.
 */
export async function refundInvoice(
  ctx: Pick<MoneyContext, 'db' | 'live' | 'clock' | 'log' | 'payments'>,
  actor: SignedInActor,
  input: { invoiceId: string; body: CreateRefundValues; idempotencyKey?: string },
): Promise<{ refund: Refund; invoice: Invoice; replay: boolean }> {
  const now = ctx.clock.now();
  const key = input.idempotencyKey?.trim() || null;
  const hash = requestHash(input.invoiceId, input.body);
  const outcome = await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for('update').limit(1);
    if (key) {
      const [seen] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key)).limit(1);
      if (seen) {
        if (seen.requestHash !== hash) throw new AppError('conflict', refundMessages.keyReused);
        return { id: seen.id, replay: true };
      }
    }
    if (!inv) throw notFound(moneyMessages.invoiceNotFound);
    if (inv.status !== 'paid') throw new AppError('conflict', refundMessages.notPaid);
    const left = inv.totalCents - (await refundedOrPending(tx, inv.id));
    if (input.body.amountCents > left)
      throw new AppError('conflict', refundMessages.tooMuch(formatCents(input.body.amountCents), formatCents(Math.max(0, left))));
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, inv.id), eq(payments.status, 'succeeded')))
      .limit(1);
    const intent = payment?.intentId ?? inv.paymentReference;
    // A membership's payment is known by its subscription; the provider finds the payment behind it.
    const atProvider =
      payment?.provider === 'stripe' && ctx.payments.name === 'stripe' && (!!intent?.startsWith('pi_') || !!intent?.startsWith('sub_'));
    const [row] = await tx
      .insert(refunds)
      .values({
        invoiceId: inv.id,
        paymentId: payment?.id ?? null,
        amountCents: input.body.amountCents,
        reason: input.body.reason.trim(),
        status: atProvider ? 'pending' : 'succeeded',
        idempotencyKey: key,
        requestHash: hash,
        createdBy: actor.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, {
      ...auditBy(actor),
      action: atProvider ? 'invoice.refund_requested' : 'invoice.refunded',
      targetType: 'invoice',
      targetId: inv.id,
      data: { refundId: row!.id, amountCents: row!.amountCents, reason: row!.reason },
      at: now,
    });
    if (atProvider) {
      await enqueueJob(tx, { name: ADMIN_REFUND_JOB, runAt: now, key: `${ADMIN_REFUND_JOB}:${row!.id}`, payload: { refundId: row!.id } });
    } else {
      await refundSucceeded(uow, row!, inv, inv.paymentReference, now);
    }
    return { id: row!.id, replay: false };
  });
  const refund = await refundView(ctx.db, outcome.id);
  const invoice = (await invoiceById(ctx, refund.invoiceId, now))!;
  return { refund, invoice, replay: outcome.replay };
}

/** GET /api/admin/invoices/{id}/refunds: newest first. */
export async function invoiceRefunds(ctx: Pick<AppContext, 'db'>, input: { invoiceId: string }): Promise<Refund[]> {
  const rows = await ctx.db
    .select({ r: refunds, by: creator })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(eq(refunds.invoiceId, input.invoiceId))
    .orderBy(desc(refunds.createdAt));
  return rows.map((x) => toRefund(x.r, x.by?.id ? x.by : null));
}

/** The provider never answered a refund after every try: audited, and the admins are told to check it there. */
export async function refundUnconfirmed(
  ctx: EventsContext & { clock: { now(): Date } },
  input: { refundId: string; invoiceId: string; amountCents: number; error: unknown },
) {
  await inTransaction(ctx, async (uow) => {
    const now = ctx.clock.now();
    const reason = String((input.error as Error)?.message ?? input.error).slice(0, 300);
    await audit(uow.tx, {
      actorId: null,
      ip: null,
      action: 'invoice.refund_unconfirmed',
      targetType: 'invoice',
      targetId: input.invoiceId,
      data: { refundId: input.refundId, reason },
      at: now,
    });
    await notify(uow, {
      kind: 'payment_refunded',
      title: 'Refund not confirmed',
      message: `The provider did not confirm a refund of ${formatCents(input.amountCents)} after every retry (${reason}). It stays pending: check it at the provider.`,
      variant: 'destructive',
      admins: { link: `/admin/edit-invoice/${encodeURIComponent(input.invoiceId)}` },
      now,
    });
  });
}

/** The durable job: refunds at the provider (one refund per our refund, by its key), then marks it succeeded and books it. */
export async function runAdminRefund(
  ctx: EventsContext & { clock: { now(): Date } },
  provider: PaymentProvider,
  payload: { refundId: string },
  run?: JobAttempt,
) {
  const [row] = await ctx.db
    .select({ r: refunds, intentId: payments.intentId, reference: invoices.paymentReference })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, payload.refundId))
    .limit(1);
  if (!row || row.r.status !== 'pending') return;
  const reference = row.intentId ?? row.reference;
  if (!reference) return;
  let done: { id: string | null; reference?: string };
  try {
    done = await provider.refund({ reference, idempotencyKey: `refund:${row.r.id}`, amountCents: row.r.amountCents, refundId: row.r.id });
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) {
      // A fault: the job is retried. After the last try the refund stays pending (the provider may
      // have made it and failed to answer; its webhook or reconciliation will tell) and admins
      // are told to look, once.
      if (run && run.attempt >= run.maxAttempts)
        await refundUnconfirmed(ctx, { refundId: row.r.id, invoiceId: row.r.invoiceId, amountCents: row.r.amountCents, error: err });
      throw err;
    }
    // Refused for good: marked failed (no longer counted against what is left), audited, admins told.
    await inTransaction(ctx, async (uow) => {
      const now = ctx.clock.now();
      const [failed] = await transitionMany(uow, refundAggregate, {
        where: eq(refunds.id, row.r.id),
        from: ['pending'],
        to: 'failed',
        actor: SYSTEM_ACTOR,
        now,
        patch: { failureReason: err.message.slice(0, 500) },
      });
      if (!failed) return;
      await audit(uow.tx, {
        actorId: null,
        ip: null,
        action: 'invoice.refund_failed',
        targetType: 'invoice',
        targetId: failed.invoiceId,
        data: { refundId: failed.id, reason: failed.failureReason },
        at: now,
      });
      await notify(uow, {
        kind: 'payment_refunded',
        title: 'Refund failed',
        message: `The provider refused a refund of ${formatCents(failed.amountCents)}: ${failed.failureReason}`,
        variant: 'destructive',
        admins: { link: `/admin/edit-invoice/${encodeURIComponent(failed.invoiceId)}` },
        now,
      });
    });
    return;
  }
  await inTransaction(ctx, async (uow) => {
    const now = ctx.clock.now();
    const [claimed] = await transitionMany(uow, refundAggregate, {
      where: eq(refunds.id, row.r.id),
      from: ['pending'],
      to: 'succeeded',
      actor: SYSTEM_ACTOR,
      now,
      patch: { providerRefundId: done.id },
    });
    if (!claimed) return;
    const [inv] = await uow.tx.select().from(invoices).where(eq(invoices.id, claimed.invoiceId)).limit(1);
    await audit(uow.tx, {
      actorId: null,
      ip: null,
      action: 'invoice.refunded',
      targetType: 'invoice',
      targetId: claimed.invoiceId,
      data: { refundId: claimed.id, providerRefundId: done.id },
      at: now,
    });
    await refundSucceeded(uow, claimed, inv!, done.reference ?? reference, now);
  });
}

/**
 * Stripe's `charge.refunded`: a refund made at Stripe (its dashboard) is recorded and booked once,
 * keyed by Stripe's refund id. Refunds we started carry our id and are booked by their job; the
 * automatic refunds of refused captures belong to payments that did not settle and are skipped.
 */
export async function chargeRefunded(
  ctx: Pick<MoneyContext, 'db' | 'live' | 'clock' | 'log'>,
  event: { eventId: string; reference: string; refunds: { id: string; amountCents: number; ourRefundId: string | null }[] },
): Promise<'refund_recorded' | 'replay' | 'unknown_payment'> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.intentId, event.reference), eq(payments.status, 'succeeded')))
      .limit(1);
    if (!payment) return 'unknown_payment';
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update').limit(1);
    if (!inv) return 'unknown_payment';
    let recorded = 0;
    for (const r of event.refunds) {
      if (r.ourRefundId) continue;
      const [row] = await tx
        .insert(refunds)
        .values({
          invoiceId: inv.id,
          paymentId: payment.id,
          amountCents: r.amountCents,
          reason: 'Refunded at Stripe',
          status: 'succeeded',
          providerRefundId: r.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: refunds.providerRefundId })
        .returning();
      if (!row) continue;
      recorded++;
      await audit(tx, {
        actorId: null,
        ip: null,
        action: 'invoice.refunded_at_provider',
        targetType: 'invoice',
        targetId: inv.id,
        data: { refundId: row.id, providerRefundId: r.id, amountCents: r.amountCents, eventId: event.eventId },
        at: now,
      });
      await refundSucceeded(uow, row, inv, r.id, now);
    }
    return recorded ? 'refund_recorded' : 'replay';
  });
}
