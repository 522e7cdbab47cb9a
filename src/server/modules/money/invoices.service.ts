import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import {
  ADMIN_INVOICES_PAGE_SIZE,
  invoiceTransitions,
  isOverdue,
  lineFromInput,
  linesFromTemplate,
  moneyMessages,
  totalOf,
  type AdminInvoicesResponse,
  type CreateInvoiceValues,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineInput,
  type InvoiceRelatedKind,
  type InvoiceStatus,
} from '#common/money.ts';
import type { Actor, AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { feeTemplates, invoiceEvents, invoices } from '#server/db/schema/money.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, inTransaction, transition, type Aggregate, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { postInvoiceMove } from '#server/modules/ledger/index.ts';
import { expireOpenCheckouts } from './checkout-expiry.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoicePaid, invoiceSent } from './money.notifications.ts';
import { memberSeesInvoice } from './money.policy.ts';
import type { InvoiceRow } from './money.settlement.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
type Person = { id: string; name: string | null; phone: string };

const invoiceHistory = historyIn(invoiceEvents, 'invoiceId');

/** The invoice status machine (decision 011); sent and paid notify the member and admins; void closes open provider sessions. */
export const invoiceAggregate: Aggregate<InvoiceStatus, InvoiceRow> = {
  name: 'invoice',
  table: invoices,
  idColumn: invoices.id,
  statusColumn: invoices.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: invoiceTransitions,
  // History in invoice_events (decision 136); the ledger entry the move causes (sent, paid,
  // voided) is posted in the same transaction (decision 132).
  async recordHistory(tx, move) {
    // A void's reason is the note of its history row.
    await invoiceHistory(tx, { ...move, data: { note: move.data?.reason } });
    // The row as the move left it (its update's returning): no need to read it again.
    await postInvoiceMove(tx, move, move.row);
  },
  conflict: (current) =>
    new AppError('conflict', current === 'paid' ? moneyMessages.alreadyPaid : current === 'void' ? moneyMessages.isVoid : moneyMessages.staleStatus),
  notFound: () => notFound(moneyMessages.invoiceNotFound),
  async notify(uow, row, now) {
    if (row.status === 'sent') await invoiceSent(uow, row, now);
    if (row.status === 'paid') await invoicePaid(uow, row, now);
    if (row.status === 'void') await expireOpenCheckouts(uow, row, now);
  },
};

/** Whether a delayed payment for the invoice is processing (decision 133). */
const processingPayment = sql<boolean>`exists (select 1 from payments p where p.invoice_id = ${invoices.id} and p.status = 'processing')`;

/** What succeeded refunds gave back on the invoice. */
export const refundedCentsSql =
  sql<number>`(select coalesce(sum(r.amount_cents), 0)::bigint from refunds r where r.invoice_id = ${invoices.id} and r.status = 'succeeded')`.mapWith(
    Number,
  );

export function toInvoice(r: InvoiceRow, user: Person, now: Date, processing = false, refundedCents = 0): Invoice {
  return {
    id: r.id,
    number: r.number,
    userId: r.userId,
    user,
    status: r.status,
    overdue: isOverdue(r, now),
    ...(processing ? { processing: true } : {}),
    lines: r.lines,
    subtotalCents: r.subtotalCents,
    totalCents: r.totalCents,
    dueDate: r.dueDate,
    related: r.relatedKind && r.relatedId ? { kind: r.relatedKind, id: r.relatedId } : null,
    templateId: r.templateId,
    notes: r.notes,
    voidReason: r.voidReason,
    sentAt: r.sentAt?.toISOString() ?? null,
    paidAt: r.paidAt?.toISOString() ?? null,
    paymentReference: r.paymentReference,
    refundedCents,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const person = { id: users.id, name: users.name, phone: users.phone };

/** One invoice as admins see it (after a change made elsewhere in the module, e.g. a refund). */
export async function invoiceById(ctx: { db: Db }, id: string, now: Date): Promise<Invoice | null> {
  return loadInvoice(ctx.db, eq(invoices.id, id), now);
}

async function loadInvoice(db: Db, where: SQL | undefined, now: Date): Promise<Invoice | null> {
  const [row] = await db
    .select({ inv: invoices, user: person, processing: processingPayment, refunded: refundedCentsSql })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(where)
    .limit(1);
  return row ? toInvoice(row.inv, row.user, now, row.processing, row.refunded) : null;
}

/** Lines from the editor or from a template applied to a base amount; totals are always ours. */
async function resolveLines(
  db: Db,
  input: { lines?: InvoiceLineInput[]; templateId?: string; baseAmountCents?: number },
): Promise<{ lines: InvoiceLine[]; templateId: string | null }> {
  if (input.lines) return { lines: input.lines.map(lineFromInput), templateId: input.templateId ?? null };
  const [tpl] = await db.select().from(feeTemplates).where(eq(feeTemplates.id, input.templateId!)).limit(1);
  if (!tpl) throw new AppError('bad_request', moneyMessages.templateNotFound, { fieldErrors: { templateId: [moneyMessages.templateNotFound] } });
  if (!tpl.active)
    throw new AppError('bad_request', moneyMessages.templateInactive, { fieldErrors: { templateId: [moneyMessages.templateInactive] } });
  const needsBase = tpl.lines.some((l) => l.type === 'bps');
  if (needsBase && input.baseAmountCents === undefined) {
    throw new AppError('bad_request', moneyMessages.baseRequired, { fieldErrors: { baseAmountCents: [moneyMessages.baseRequired] } });
  }
  return { lines: linesFromTemplate(tpl.lines, input.baseAmountCents ?? 0), templateId: tpl.id };
}

function totals(lines: InvoiceLine[]) {
  const subtotalCents = totalOf(lines);
  if (subtotalCents <= 0) throw new AppError('bad_request', moneyMessages.zeroTotal, { fieldErrors: { lines: [moneyMessages.zeroTotal] } });
  return { subtotalCents, totalCents: subtotalCents };
}

export interface NewInvoice {
  userId: string;
  lines?: InvoiceLineInput[];
  templateId?: string;
  baseAmountCents?: number;
  dueDate: string;
  notes?: string | null;
  related?: { kind: InvoiceRelatedKind; id: string } | null;
  /** Send at once (the member can pay straight away). */
  send?: boolean;
  /** Sent without a "New invoice" notification (a membership invoice paid at once). */
  quiet?: boolean;
}

/** The invoices raised for one loan, sale or listing, oldest first (a loan's page lists them). */
export async function invoicesRelatedTo(
  ctx: Pick<AppContext, 'db'>,
  input: { relatedKind: NonNullable<InvoiceRow['relatedKind']>; relatedId: string },
): Promise<InvoiceRow[]> {
  return ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.relatedKind, input.relatedKind), eq(invoices.relatedId, input.relatedId)))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
}

/**
 * An invoice's status, its row locked for the rest of the caller's transaction (before voiding it,
 * or before the row it pays for, the order settlement locks in), or null when there is none.
 */
export async function lockInvoiceStatus(tx: Db, input: { id: string }): Promise<InvoiceRow['status'] | null> {
  const [inv] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, input.id)).for('update');
  return inv?.status ?? null;
}

/**
 * Creates an invoice inside the caller's transaction: the one call other domains make
 * ("invoice this loan / sale / listing"); `onInvoicePaid(kind, …)` tells them when it is paid.
 */
export async function createInvoiceIn(uow: UnitOfWork, actor: TransitionActor, input: NewInvoice & { now: Date }): Promise<InvoiceRow> {
  const { tx } = uow;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new AppError('bad_request', moneyMessages.userNotFound, { fieldErrors: { userId: [moneyMessages.userNotFound] } });
  const { lines, templateId } = await resolveLines(tx, input);
  const [row] = await tx
    .insert(invoices)
    .values({
      userId: input.userId,
      lines,
      ...totals(lines),
      dueDate: input.dueDate,
      relatedKind: input.related?.kind ?? null,
      relatedId: input.related?.id ?? null,
      templateId,
      notes: input.notes ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await audit(tx, {
    actorId: actor.user?.id ?? null,
    impersonatorId: actor.impersonatorId,
    ip: actor.ip,
    action: 'invoice.created',
    targetType: 'invoice',
    targetId: row!.id,
    data: { number: row!.number, totalCents: row!.totalCents },
    at: input.now,
  });
  if (!input.send) return row!;
  const aggregate = input.quiet ? { ...invoiceAggregate, notify: undefined } : invoiceAggregate;
  return transition(uow, aggregate, { id: row!.id, from: 'draft', to: 'sent', actor, now: input.now, patch: { sentAt: input.now } });
}

/** POST /api/admin/invoices. */
export async function createInvoice(ctx: Ctx, actor: SignedInActor, input: { invoice: CreateInvoiceValues }): Promise<Invoice> {
  const now = ctx.clock.now();
  const id = await inTransaction(ctx, async (uow) => (await createInvoiceIn(uow, actor, { ...input.invoice, now })).id);
  return (await loadInvoice(ctx.db, eq(invoices.id, id), now))!;
}

export interface InvoicePatch {
  lines?: InvoiceLineInput[];
  dueDate?: string;
  notes?: string | null;
  status?: 'sent' | 'void';
  voidReason?: string;
}

/** PATCH /api/admin/invoices/{id}: edits only while draft, then send or void. Sending notifies the member (and texts them if they chose to). */
export async function patchInvoice(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: InvoicePatch }) {
  const now = ctx.clock.now();
  const { patch } = input;
  const edits = patch.lines !== undefined || patch.dueDate !== undefined || patch.notes !== undefined;
  await inTransaction(ctx, async (uow) => {
    const [cur] = await uow.tx.select().from(invoices).where(eq(invoices.id, input.id)).limit(1);
    if (!cur) throw notFound(moneyMessages.invoiceNotFound);
    if (edits) {
      if (cur.status !== 'draft') throw new AppError('conflict', moneyMessages.notDraft);
      const set: Partial<InvoiceRow> = { updatedAt: now };
      if (patch.lines) Object.assign(set, { lines: patch.lines.map(lineFromInput) }, totals(patch.lines.map(lineFromInput)));
      if (patch.dueDate !== undefined) set.dueDate = patch.dueDate;
      if (patch.notes !== undefined) set.notes = patch.notes;
      const [row] = await uow.tx
        .update(invoices)
        .set(set)
        .where(and(eq(invoices.id, cur.id), eq(invoices.status, 'draft')))
        .returning();
      if (!row) throw new AppError('conflict', moneyMessages.notDraft);
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'invoice.updated',
        targetType: 'invoice',
        targetId: cur.id,
        data: { fields: Object.keys(patch) },
        at: now,
      });
    }
    if (patch.status === 'sent') {
      if (cur.status !== 'draft')
        throw new AppError(
          'conflict',
          cur.status === 'sent' ? 'This invoice is already sent' : invoiceAggregate.conflict(cur.status, 'draft').message,
        );
      return transition(uow, invoiceAggregate, { id: cur.id, from: 'draft', to: 'sent', actor, now, patch: { sentAt: now } });
    }
    if (patch.status === 'void') {
      if (cur.status !== 'draft' && cur.status !== 'sent') throw invoiceAggregate.conflict(cur.status, 'sent');
      await transition(uow, invoiceAggregate, {
        id: cur.id,
        from: cur.status,
        to: 'void',
        actor,
        now,
        patch: { voidReason: patch.voidReason ?? null },
        data: { reason: patch.voidReason },
      });
    }
    return null;
  });
  return (await loadInvoice(ctx.db, eq(invoices.id, input.id), now))!;
}

/** GET /api/admin/invoices/{id}. */
export async function adminInvoice(ctx: Ctx, _actor: SignedInActor, input: { id: string }): Promise<Invoice> {
  const inv = await loadInvoice(ctx.db, eq(invoices.id, input.id), ctx.clock.now());
  if (!inv) throw notFound(moneyMessages.invoiceNotFound);
  return inv;
}

/** GET /api/user/invoices/{id}: the member's own, never a draft; anything else is simply not found. */
export async function memberInvoice(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<Invoice> {
  const inv = await loadInvoice(ctx.db, and(eq(invoices.id, input.id), eq(invoices.userId, actor.user.id)), ctx.clock.now());
  if (!inv || !memberSeesInvoice(inv.status)) throw notFound(moneyMessages.invoiceNotFound);
  return inv;
}

const statusOrder = sql`case ${invoices.status} when 'sent' then 0 when 'paid' then 1 else 2 end`;

/** GET /api/user/invoices: open invoices first (earliest due first), then paid and void. */
export async function memberInvoices(ctx: Ctx, actor: SignedInActor): Promise<Invoice[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ inv: invoices, user: person, processing: processingPayment, refunded: refundedCentsSql })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.userId, actor.user.id), sql`${invoices.status} <> 'draft'`))
    .orderBy(statusOrder, asc(invoices.dueDate), desc(invoices.createdAt));
  return rows.map((r) => toInvoice(r.inv, r.user, now, r.processing, r.refunded));
}

/** GET /api/admin/invoices: filters, a page, and the outstanding and paid-this-month totals. */
export async function adminInvoices(
  ctx: Ctx,
  _actor: Actor,
  input: { status?: InvoiceStatus; userId?: string; q?: string; overdue?: boolean; page: number },
): Promise<AdminInvoicesResponse> {
  const now = ctx.clock.now();
  const today = now.toISOString().slice(0, 10);
  const conds: SQL[] = [];
  if (input.status) conds.push(eq(invoices.status, input.status));
  if (input.userId) conds.push(eq(invoices.userId, input.userId));
  if (input.q) {
    const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(invoices.number, like), ilike(users.name, like), ilike(users.phone, like), ilike(invoices.notes, like))!);
  }
  if (input.overdue === true) conds.push(and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today))!);
  if (input.overdue === false) conds.push(sql`not (${invoices.status} = 'sent' and ${invoices.dueDate} < ${today})`);
  const where = conds.length ? and(...conds) : undefined;
  const pageSize = ADMIN_INVOICES_PAGE_SIZE;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, [counted], [outstanding], [paidMonth]] = await Promise.all([
    ctx.db
      .select({ inv: invoices, user: person, processing: processingPayment, refunded: refundedCentsSql })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.number))
      .limit(pageSize)
      .offset((input.page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(invoices).innerJoin(users, eq(users.id, invoices.userId)).where(where),
    ctx.db
      .select({ s: sum(invoices.totalCents) })
      .from(invoices)
      .where(eq(invoices.status, 'sent')),
    ctx.db
      .select({ s: sum(invoices.totalCents) })
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, monthStart))),
  ]);
  return {
    invoices: rows.map((r) => toInvoice(r.inv, r.user, now, r.processing, r.refunded)),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize,
    outstandingCents: Number(outstanding?.s ?? 0),
    paidThisMonthCents: Number(paidMonth?.s ?? 0),
  };
}

/** GET /api/admin/invoices/{id}/pdf. */
export async function adminInvoicePdf(ctx: Ctx, actor: SignedInActor, input: { id: string }) {
  const inv = await adminInvoice(ctx, actor, input);
  return { number: inv.number, pdf: await renderInvoicePdf(inv) };
}

/** GET /api/user/invoices/{id}/pdf: own, never a draft. */
export async function memberInvoicePdf(ctx: Ctx, actor: SignedInActor, input: { id: string }) {
  const inv = await memberInvoice(ctx, actor, input);
  return { number: inv.number, pdf: await renderInvoicePdf(inv) };
}
