import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { cardHeldMessages } from '#common/cards.ts';
import { formatDateUtc } from '#common/dates.ts';
import { formatCents } from '#common/format.ts';
import {
  ADMIN_LOANS_PAGE_SIZE,
  addDays,
  adminLoanMoves,
  buildSchedule,
  collateralBasis,
  formatApr,
  formatBpsPercent,
  loanMessages,
  loanStatuses,
  ltvBps,
  maxLoanCents,
  pastGrace,
  payoffAmount,
  pledgedLoanStatuses,
  scheduleTotals,
  utcDay,
  type AdminLoanDetail,
  type AdminLoanPatch,
  type AdminLoansQuery,
  type AdminLoansResponse,
  type ApplyLoanInput,
  type Collateral,
  type CollateralBasisSource,
  type Installment,
  type LendingPolicy,
  type Loan,
  type LoanDetail,
  type LoanEvent,
  type LoanInvoice,
  type LoanQuote,
  type LoanStatus,
  type PayoffResponse,
  type UserLoansResponse,
} from '#common/lending.ts';
import { linesFromTemplate, totalOf } from '#common/money.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { loanCollateral, loanEvents, loanInstallments, loans } from '#server/db/schema/lending.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition, transitionMany, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import {
  type By,
  cardColumns,
  cardDirectory,
  type CardRow,
  type HeldCardRevalued,
  holdCards,
  houseAccountId,
  live,
  lockCards,
  moveCustody,
  releaseCards,
  toCard,
  transferCard,
} from '#server/modules/cards/index.ts';
import { marketValuesFor } from '#server/modules/market-index/index.ts';
import { createInvoiceIn, invoiceAggregate, invoicesRelatedTo, type InvoicePaidEvent, lockInvoiceStatus } from '#server/modules/money/index.ts';
import { installmentAggregate, loanAggregate, type LoanRow } from './lending.aggregate.ts';
import { postLoanFunded, postLoanSettledOutside } from '#server/modules/ledger/index.ts';
import { loanCollateralRevalued, loanUpdated } from './lending.events.ts';
import { loanApplied } from './lending.notifications.ts';
import { getLendingPolicy, originationTemplate, publicTerms } from './lending.settings.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
type InstallmentRow = typeof loanInstallments.$inferSelect;
type Person = { id: string; name: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const bad = (field: string, message: string) => new AppError('bad_request', message, { fieldErrors: { [field]: [message] } });
const conflict = (message: string) => new AppError('conflict', message);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYSTEM: TransitionActor = { user: null, impersonatorId: null, ip: null };
const SYSTEM_BY: By = { actorId: null, impersonatorId: null, ip: null };

// ---------------------------------------------------------------------------------------------
// Collateral checks (shared by the quote, the application and the offer)
// ---------------------------------------------------------------------------------------------

/** Why a card cannot secure a loan for `ownerId`, or null. */
function collateralRefusal(card: CardRow | undefined, ownerId: string): string | null {
  if (!card || card.ownerId !== ownerId) return loanMessages.cardNotYours;
  if (card.grader === 'raw') return loanMessages.cardNotGraded;
  if (card.holdKind) return cardHeldMessages[card.holdKind];
  if (card.custody === 'in_transit') return loanMessages.cardInTransit;
  if (card.estimatedValueCents <= 0) return loanMessages.cardNoValue;
  return null;
}

/** A card's lending figures: the member's estimate, the index's price, our appraisal, and the basis (decision 128). */
export interface CardBasis {
  estimateCents: number;
  marketValueCents: number | null;
  appraisedValueCents: number | null;
  appraisedAt: Date | null;
  basisCents: number;
  source: CollateralBasisSource;
}

/**
 * The lending basis of each card: the lower of the member's estimate and our appraisal (when one
 * is recorded) or the index's market price (whatever the owner's pin: that is a display choice).
 * A deleted card secures nothing.
 */
export async function lendingBases(ctx: ReadCtx, rows: readonly CardRow[]): Promise<Map<string, CardBasis>> {
  const market = await marketValuesFor(ctx, { cards: rows.filter((r) => !r.deletedAt) });
  return new Map(
    rows.map((r) => {
      const marketValueCents = market.get(r.id)?.priceCents ?? null;
      const b = collateralBasis({ estimatedValueCents: r.estimatedValueCents, appraisedValueCents: r.appraisedValueCents, marketValueCents });
      return [
        r.id,
        {
          estimateCents: r.estimatedValueCents,
          marketValueCents,
          appraisedValueCents: r.appraisedValueCents,
          appraisedAt: r.appraisedAt,
          basisCents: r.deletedAt ? 0 : b.basisCents,
          source: b.source,
        },
      ];
    }),
  );
}

async function liveCards(db: Db, ids: readonly string[]): Promise<Map<string, CardRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .where(and(inArray(cards.id, [...ids]), live));
  return new Map(rows.map((r) => [r.id, r]));
}

interface Evaluation {
  cards: { id: string; card: CardRow | undefined; basis: CardBasis | undefined; refusal: string | null }[];
  /** Σ of the bases of the cards that may be pledged. */
  valueCents: number;
  maxCents: number;
}

async function evaluate(ctx: ReadCtx, ownerId: string, cardIds: readonly string[], policy: LendingPolicy): Promise<Evaluation> {
  const found = await liveCards(ctx.db, cardIds);
  const bases = await lendingBases(ctx, [...found.values()]);
  const list = cardIds.map((id) => {
    const card = found.get(id);
    return { id, card, basis: bases.get(id), refusal: collateralRefusal(card, ownerId) };
  });
  const valueCents = list.reduce((s, c) => s + (c.refusal ? 0 : c.basis!.basisCents), 0);
  return { cards: list, valueCents, maxCents: maxLoanCents(valueCents, policy.maxLtvBps) };
}

/** The first reason the amount is outside policy for these cards, or null. */
function amountIssue(amountCents: number, ev: Evaluation, policy: LendingPolicy): string | null {
  if (ev.maxCents < policy.minLoanCents) return loanMessages.capBelowMinimum(ev.maxCents, policy.minLoanCents);
  if (amountCents < policy.minLoanCents) return loanMessages.belowMinimum(policy.minLoanCents);
  if (amountCents > ev.maxCents) return loanMessages.aboveCap(ev.maxCents);
  return null;
}

async function originationFeeCents(ctx: Pick<AppContext, 'db'>, policy: LendingPolicy, amountCents: number): Promise<number> {
  const tpl = await originationTemplate(ctx, policy);
  return tpl ? totalOf(linesFromTemplate(tpl.lines, amountCents)) : 0;
}

// ---------------------------------------------------------------------------------------------
// The calculator
// ---------------------------------------------------------------------------------------------

/** GET /api/loans/quote: the most the cards support and what a loan would cost. No side effects. */
export async function quoteLoan(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: SignedInActor,
  input: { cardIds: string[]; termMonths: number; aprBps?: number; amountCents?: number },
): Promise<LoanQuote> {
  const policy = await getLendingPolicy(ctx);
  const ev = await evaluate(ctx, actor.user.id, input.cardIds, policy);
  const aprBps = Math.min(policy.aprMaxBps, Math.max(policy.aprMinBps, input.aprBps ?? policy.aprMaxBps));
  const amountCents = input.amountCents ?? ev.maxCents;
  const schedule =
    amountCents > 0 ? buildSchedule({ principalCents: amountCents, aprBps, termMonths: input.termMonths, startDate: utcDay(ctx.clock.now()) }) : [];
  const totals = scheduleTotals(schedule);
  const fee = amountCents > 0 ? await originationFeeCents(ctx, policy, amountCents) : 0;
  const refused = ev.cards.find((c) => c.refusal);
  const issue = refused
    ? refused.refusal
    : !policy.terms.includes(input.termMonths as 3 | 6 | 12)
      ? loanMessages.termNotOffered
      : amountIssue(amountCents, ev, policy);
  return {
    cards: ev.cards
      .filter((c) => c.card && c.card.ownerId === actor.user.id)
      .map((c) => ({
        cardId: c.id,
        subject: c.card!.subject,
        year: c.card!.year,
        estimatedValueCents: c.card!.estimatedValueCents,
        marketValueCents: c.basis!.marketValueCents,
        appraisedValueCents: c.basis!.appraisedValueCents,
        basisCents: c.basis!.basisCents,
        basisSource: c.basis!.source,
        refusal: c.refusal,
      })),
    collateralValueCents: ev.valueCents,
    maxLoanCents: ev.maxCents,
    minLoanCents: policy.minLoanCents,
    amountCents,
    termMonths: input.termMonths,
    aprBps,
    monthlyPaymentCents: schedule[0]?.paymentCents ?? 0,
    totalInterestCents: totals.interestCents,
    originationFeeCents: fee,
    totalCostCents: totals.interestCents + fee,
    totalRepaidCents: totals.paymentsCents + fee,
    schedule,
    issue,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading loans
// ---------------------------------------------------------------------------------------------

const reviewers = userDirectory('reviewers');

interface Loaded {
  row: LoanRow;
  borrower: Person & { phone: string };
  reviewer: Person | null;
  collateral: { link: typeof loanCollateral.$inferSelect; card: CardRow; basis: CardBasis }[];
  installments: InstallmentRow[];
}

async function loadLoans(ctx: ReadCtx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<Loaded[]> {
  const { db } = ctx;
  const q = db
    .select({ row: loans, borrower: { id: users.id, name: users.name, phone: users.phone }, reviewer: { id: reviewers.id, name: reviewers.name } })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.borrowerId))
    .leftJoin(reviewers, eq(reviewers.id, loans.reviewerId))
    .where(where)
    .orderBy(desc(loans.createdAt), desc(loans.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  if (!rows.length) return [];
  const ids = rows.map((r) => r.row.id);
  const [coll, inst] = await Promise.all([
    db
      .select({ link: loanCollateral, card: cardColumns })
      .from(loanCollateral)
      .innerJoin(cards, eq(cards.id, loanCollateral.cardId))
      .where(inArray(loanCollateral.loanId, ids))
      .orderBy(asc(cards.subject)),
    db.select().from(loanInstallments).where(inArray(loanInstallments.loanId, ids)).orderBy(asc(loanInstallments.number)),
  ]);
  const bases = await lendingBases(ctx, [...new Map(coll.map((c) => [c.card.id, c.card])).values()]);
  return rows.map((r) => ({
    row: r.row,
    borrower: r.borrower,
    reviewer: r.reviewer?.id ? { id: r.reviewer.id, name: r.reviewer.name } : null,
    collateral: coll.filter((c) => c.link.loanId === r.row.id).map((c) => ({ ...c, basis: bases.get(c.card.id)! })),
    installments: inst.filter((i) => i.loanId === r.row.id),
  }));
}

/** The amount at risk: the outstanding principal once funded, else what is offered or asked. */
function exposureCents(row: LoanRow): number | null {
  switch (row.status) {
    case 'funded':
    case 'defaulted':
      return row.outstandingPrincipalCents;
    case 'conditionally_approved':
    case 'accepted':
      return row.offeredAmountCents;
    case 'submitted':
      return row.amountRequestedCents;
    default:
      return null;
  }
}

const isOpenInstallment = (i: InstallmentRow) => i.status === 'scheduled' || i.status === 'invoiced';

function toInstallment(i: InstallmentRow, today: string): Installment {
  return {
    number: i.number,
    dueDate: i.dueDate,
    paymentCents: i.paymentCents,
    interestCents: i.interestCents,
    principalCents: i.principalCents,
    balanceAfterCents: i.balanceAfterCents,
    status: i.status,
    invoiceId: i.invoiceId,
    paidAt: iso(i.paidAt),
    overdue: isOpenInstallment(i) && i.dueDate < today,
  };
}

/** The day interest runs from for a payoff: the last paid installment's due date, or funding. */
function interestFrom(row: LoanRow, installments: InstallmentRow[]): string {
  const paid = installments.filter((i) => i.status === 'paid').map((i) => i.dueDate);
  return paid.length ? paid.sort().at(-1)! : (row.fundedOn ?? utcDay(row.createdAt));
}

function toLoan(l: Loaded, policy: LendingPolicy, now: Date): Loan {
  const { row } = l;
  const today = utcDay(now);
  const valueCents = l.collateral.reduce((s, c) => s + c.basis.basisCents, 0);
  const exposure = exposureCents(row);
  const liveLtv = exposure === null ? null : ltvBps(exposure, valueCents);
  const next = row.status === 'funded' || row.status === 'defaulted' ? l.installments.find(isOpenInstallment) : undefined;
  return {
    id: row.id,
    borrower: { id: l.borrower.id, name: l.borrower.name },
    status: row.status,
    amountRequestedCents: row.amountRequestedCents,
    termMonths: row.termMonths,
    purpose: row.purpose,
    offeredAmountCents: row.offeredAmountCents,
    offeredTermMonths: row.offeredTermMonths,
    aprBps: row.aprBps,
    ltvAtOfferBps: row.ltvAtOfferBps,
    offerExpiresAt: iso(row.offerExpiresAt),
    acceptedAt: iso(row.acceptedAt),
    fundedAt: iso(row.fundedAt),
    maturityDate: row.maturityDate,
    outstandingPrincipalCents: row.outstandingPrincipalCents,
    collateralValueCents: valueCents,
    liveLtvBps: liveLtv,
    ltvWarning: liveLtv !== null && liveLtv > policy.maxLtvBps,
    maxLtvBps: policy.maxLtvBps,
    rejectionReason: row.rejectionReason,
    notes: row.notes,
    reviewer: l.reviewer,
    collateralCount: l.collateral.length,
    nextPayment: next
      ? {
          installmentNumber: next.number,
          dueDate: next.dueDate,
          amountCents: next.paymentCents,
          invoiceId: next.invoiceId,
          overdue: next.dueDate < today,
        }
      : null,
    defaultedAt: iso(row.defaultedAt),
    collateralListableAt: row.defaultedAt ? addDays(utcDay(row.defaultedAt), policy.defaultNoticeDays) : null,
    collateralTakenAt: iso(row.collateralTakenAt),
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toDetail(db: Db, l: Loaded, policy: LendingPolicy, now: Date): Promise<LoanDetail> {
  const { row } = l;
  const today = utcDay(now);
  const [invRows, evRows] = await Promise.all([
    invoicesRelatedTo({ db }, { relatedKind: 'loan', relatedId: row.id }),
    db
      .select({ e: loanEvents, actorName: users.name })
      .from(loanEvents)
      .leftJoin(users, eq(users.id, loanEvents.actorId))
      .where(eq(loanEvents.loanId, row.id))
      .orderBy(asc(loanEvents.at), asc(loanEvents.seq)),
  ]);
  const byInvoice = new Map(l.installments.filter((i) => i.invoiceId).map((i) => [i.invoiceId!, i.number]));
  const pledged = pledgedLoanStatuses.includes(row.status);
  const collateral: Collateral[] = l.collateral.map(({ link, card, basis }) => {
    const c = toCard(card);
    return {
      cardId: c.id,
      subject: c.subject,
      year: c.year,
      brand: c.brand,
      grader: c.grader,
      grade: c.grade,
      certNumber: c.certNumber,
      custody: c.custody,
      thumbnailUrl: c.thumbnailUrl,
      valueAtApplicationCents: link.valueAtApplicationCents,
      currentValueCents: basis.basisCents,
      estimateCents: basis.estimateCents,
      marketValueCents: basis.marketValueCents,
      appraisedValueCents: basis.appraisedValueCents,
      appraisedAt: iso(basis.appraisedAt),
      basisCents: basis.basisCents,
      basisSource: basis.source,
      pledged: pledged && card.holdKind === 'loan' && card.holdRef === row.id,
      needsReview: c.needsReview,
    };
  });
  const invoiceList: LoanInvoice[] = invRows.map((inv) => ({
    id: inv.id,
    number: inv.number,
    kind: inv.id === row.originationInvoiceId ? 'origination' : byInvoice.has(inv.id) ? 'installment' : 'payoff',
    installmentNumber: byInvoice.get(inv.id) ?? null,
    status: inv.status,
    totalCents: inv.totalCents,
    dueDate: inv.dueDate,
    paidAt: iso(inv.paidAt),
  }));
  const events: LoanEvent[] = evRows.map(({ e, actorName }) => ({
    from: e.fromStatus,
    to: e.toStatus,
    note: e.note,
    actorName: e.actorId ? actorName : null,
    at: e.at.toISOString(),
  }));
  const repaying = (row.status === 'funded' || row.status === 'defaulted') && row.aprBps !== null && row.outstandingPrincipalCents > 0;
  return {
    ...toLoan(l, policy, now),
    collateral,
    schedule: l.installments.map((i) => toInstallment(i, today)),
    invoices: invoiceList,
    events,
    payoffToday: repaying
      ? payoffAmount({
          outstandingPrincipalCents: row.outstandingPrincipalCents,
          aprBps: row.aprBps!,
          interestFrom: interestFrom(row, l.installments),
          onDate: today,
        })
      : null,
    allCollateralInVault: collateral.length > 0 && collateral.every((c) => c.custody === 'in_vault'),
    pastGrace: row.status === 'funded' && pastGrace(l.installments, today, policy.graceDays),
  };
}

/** GET /api/user/loans: the caller's loans, newest first, with the published terms. */
export async function myLoans(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor): Promise<UserLoansResponse> {
  const policy = await getLendingPolicy(ctx);
  const now = ctx.clock.now();
  const rows = await loadLoans(ctx, eq(loans.borrowerId, actor.user.id));
  return { loans: rows.map((l) => toLoan(l, policy, now)), terms: await publicTerms(ctx, policy) };
}

/** GET /api/user/loans/{id}: the caller's own loan (another member's is simply not found). */
export async function myLoan(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor, input: { id: string }): Promise<LoanDetail> {
  const [l] = await loadLoans(ctx, and(eq(loans.id, input.id), eq(loans.borrowerId, actor.user.id)));
  if (!l) throw notFound(loanMessages.notFound);
  return toDetail(ctx.db, l, await getLendingPolicy(ctx), ctx.clock.now());
}

/** GET /api/admin/loans/{id}. */
export async function adminLoan(ctx: Pick<AppContext, 'db' | 'clock'>, _actor: SignedInActor, input: { id: string }): Promise<AdminLoanDetail> {
  const [l] = await loadLoans(ctx, eq(loans.id, input.id));
  if (!l) throw notFound(loanMessages.notFound);
  const detail = await toDetail(ctx.db, l, await getLendingPolicy(ctx), ctx.clock.now());
  return { ...detail, borrower: l.borrower };
}

/** GET /api/admin/loans: by status, matching borrower name/phone or purpose, a page at a time, with counts. */
export async function adminLoans(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: AdminLoansQuery & { page: number },
): Promise<AdminLoansResponse> {
  const policy = await getLendingPolicy(ctx);
  const where: (SQL | undefined)[] = [];
  if (input.status) where.push(eq(loans.status, input.status));
  const q = input.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    where.push(or(ilike(users.name, like), ilike(loans.purpose, like), digits.length >= 3 ? ilike(users.phone, `%${digits}%`) : undefined));
  }
  const cond = and(...where);
  const [[{ n }], countRows, rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(loans).innerJoin(users, eq(users.id, loans.borrowerId)).where(cond),
    ctx.db.select({ status: loans.status, n: count() }).from(loans).groupBy(loans.status),
    loadLoans(ctx, cond, { limit: ADMIN_LOANS_PAGE_SIZE, offset: (input.page - 1) * ADMIN_LOANS_PAGE_SIZE }),
  ]);
  const counts = Object.fromEntries(loanStatuses.map((s) => [s, 0])) as Record<LoanStatus, number>;
  for (const c of countRows) counts[c.status] = Number(c.n);
  const now = ctx.clock.now();
  return { loans: rows.map((l) => toLoan(l, policy, now)), total: Number(n), page: input.page, pageSize: ADMIN_LOANS_PAGE_SIZE, counts };
}

// ---------------------------------------------------------------------------------------------
// The member's moves
// ---------------------------------------------------------------------------------------------

/** POST /api/loans: an application secured by the member's graded, unheld cards, within policy. */
export async function applyForLoan(ctx: Ctx, actor: SignedInActor, input: { application: ApplyLoanInput }): Promise<LoanDetail> {
  const now = ctx.clock.now();
  const a = input.application;
  const policy = await getLendingPolicy(ctx);
  if (!policy.terms.includes(a.termMonths)) throw bad('termMonths', loanMessages.termNotOffered);
  const id = await inTransaction(ctx, async (uow) => {
    const ev = await evaluate({ db: uow.tx, clock: ctx.clock }, actor.user.id, a.cardIds, policy);
    for (const c of ev.cards) {
      if (!c.refusal) continue;
      if (c.card?.holdKind && c.card.ownerId === actor.user.id) throw conflict(c.refusal);
      throw bad('cardIds', c.refusal);
    }
    const issue = amountIssue(a.amountRequestedCents, ev, policy);
    if (issue) throw bad('amountRequestedCents', issue);
    const [row] = await uow.tx
      .insert(loans)
      .values({
        borrowerId: actor.user.id,
        amountRequestedCents: a.amountRequestedCents,
        termMonths: a.termMonths,
        purpose: a.purpose,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await uow.tx
      .insert(loanCollateral)
      .values(ev.cards.map((c) => ({ loanId: row!.id, cardId: c.id, valueAtApplicationCents: c.basis!.basisCents })));
    await uow.tx.insert(loanEvents).values({ loanId: row!.id, fromStatus: null, toStatus: 'submitted', actorId: actor.user.id, at: now });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'loan.submitted',
      targetType: 'loan',
      targetId: row!.id,
      data: { amountRequestedCents: a.amountRequestedCents, termMonths: a.termMonths, cardIds: a.cardIds },
      at: now,
    });
    await loanApplied(uow, row!, now);
    uow.afterCommit(() => loanUpdated(ctx, row!));
    return row!.id;
  });
  return myLoan(ctx, actor, { id });
}

async function ownLoanForUpdate(tx: Db, actor: SignedInActor, id: string): Promise<LoanRow> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.borrowerId, actor.user.id)))
    .for('update');
  if (!row) throw notFound(loanMessages.notFound);
  return row;
}

function requireOpenOffer(row: LoanRow, now: Date) {
  if (row.status === 'expired') throw conflict(loanMessages.offerExpired);
  if (row.status !== 'conditionally_approved') throw conflict(loanMessages.offerNotOpen);
  if (row.offerExpiresAt && row.offerExpiresAt <= now) throw conflict(loanMessages.offerExpired);
}

/**
 * POST /api/loans/{id}/accept-offer: pledges every collateral card to the loan (all or nothing,
 * `pledged` on each) and sends the ones still with the member into transit for pickup.
 */
export async function acceptOffer(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<LoanDetail> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const row = await ownLoanForUpdate(uow.tx, actor, input.id);
    requireOpenOffer(row, now);
    const cardIds = (await uow.tx.select({ id: loanCollateral.cardId }).from(loanCollateral).where(eq(loanCollateral.loanId, row.id))).map(
      (c) => c.id,
    );
    const by = auditBy(actor);
    const held = await holdCards(uow, by, {
      cardIds,
      kind: 'loan',
      ref: row.id,
      at: now,
      event: { kind: 'pledged', data: { amountCents: row.offeredAmountCents } },
      require: { ownerId: row.borrowerId, custody: ['with_owner', 'in_vault'], custodyMessage: loanMessages.cardInTransit },
      log: ctx.log,
    });
    for (const card of held) {
      if (card.custody === 'with_owner')
        await moveCustody(uow, by, { cardId: card.id, to: 'in_transit', at: now, note: 'Loan collateral: pickup to be scheduled', log: ctx.log });
    }
    await transition(uow, loanAggregate, { id: row.id, from: 'conditionally_approved', to: 'accepted', actor, now, patch: { acceptedAt: now } });
  });
  return myLoan(ctx, actor, { id: input.id });
}

/** POST /api/loans/{id}/decline-offer. */
export async function declineOffer(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<LoanDetail> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const row = await ownLoanForUpdate(uow.tx, actor, input.id);
    if (row.status !== 'conditionally_approved') throw conflict(loanMessages.offerNotOpen);
    await transition(uow, loanAggregate, { id: row.id, from: 'conditionally_approved', to: 'declined', actor, now });
  });
  return myLoan(ctx, actor, { id: input.id });
}

async function voidIfOpen(uow: UnitOfWork, actor: TransitionActor, invoiceId: string | null, reason: string, now: Date) {
  if (!invoiceId) return;
  const status = await lockInvoiceStatus(uow.tx, { id: invoiceId });
  if (status !== 'sent' && status !== 'draft') return;
  await transition(
    uow,
    { ...invoiceAggregate, announce: undefined },
    { id: invoiceId, from: status, to: 'void', actor, now, patch: { voidReason: reason }, data: { reason } },
  );
}

/** POST /api/loans/{id}/payoff: an invoice for settling the loan in full today (replacing an earlier one). */
export async function requestPayoff(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<PayoffResponse> {
  const now = ctx.clock.now();
  const today = utcDay(now);
  return inTransaction(ctx, async (uow) => {
    const row = await ownLoanForUpdate(uow.tx, actor, input.id);
    if (row.status !== 'funded' && row.status !== 'defaulted') throw conflict(loanMessages.notFunded);
    if (row.outstandingPrincipalCents <= 0 || row.aprBps === null) throw conflict(loanMessages.nothingOwed);
    const installments = await uow.tx.select().from(loanInstallments).where(eq(loanInstallments.loanId, row.id));
    const payoff = payoffAmount({
      outstandingPrincipalCents: row.outstandingPrincipalCents,
      aprBps: row.aprBps,
      interestFrom: interestFrom(row, installments),
      onDate: today,
    });
    await voidIfOpen(uow, actor, row.payoffInvoiceId, 'Replaced by a newer payoff quote', now);
    const lines = [{ type: 'fixed' as const, label: 'Outstanding principal', amountCents: payoff.principalCents }];
    if (payoff.interestCents > 0) {
      lines.push({
        type: 'fixed',
        label: `Interest ${formatDateUtc(payoff.interestFrom)} to ${formatDateUtc(today)} at ${formatApr(row.aprBps)}`,
        amountCents: payoff.interestCents,
      });
    }
    const inv = await createInvoiceIn(uow, actor, {
      userId: row.borrowerId,
      lines,
      dueDate: today,
      notes: 'Pays the loan off in full. Valid today only: interest accrues daily.',
      related: { kind: 'loan', id: row.id },
      send: true,
      now,
    });
    await uow.tx.update(loans).set({ payoffInvoiceId: inv.id, updatedAt: now }).where(eq(loans.id, row.id));
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'loan.payoff_requested',
      targetType: 'loan',
      targetId: row.id,
      data: { invoiceId: inv.id, ...payoff },
      at: now,
    });
    return { invoiceId: inv.id, payoff };
  });
}

// ---------------------------------------------------------------------------------------------
// Settling (shared by payments, the admin's manual mark and the job)
// ---------------------------------------------------------------------------------------------

/**
 * Ends a loan as paid: remaining installments cancelled (their open invoices void), no principal
 * left, collateral released (`released`; custody stays in the vault until the member asks for it).
 */
async function closeAsPaid(
  uow: UnitOfWork,
  row: LoanRow,
  actor: TransitionActor,
  opts: { now: Date; reference: string | null; note: string | null; keepInvoiceId?: string },
) {
  const open = await uow.tx
    .select()
    .from(loanInstallments)
    .where(and(eq(loanInstallments.loanId, row.id), inArray(loanInstallments.status, ['scheduled', 'invoiced'])));
  for (const i of open) {
    if (i.invoiceId !== opts.keepInvoiceId) await voidIfOpen(uow, actor, i.invoiceId, 'Loan settled in full', opts.now);
  }
  if (open.length) {
    await transitionMany(uow, installmentAggregate, {
      where: eq(loanInstallments.loanId, row.id),
      from: ['scheduled', 'invoiced'],
      to: 'cancelled',
      actor,
      now: opts.now,
    });
  }
  if (row.payoffInvoiceId !== opts.keepInvoiceId) await voidIfOpen(uow, actor, row.payoffInvoiceId, 'Loan settled in full', opts.now);
  await transition(uow, loanAggregate, {
    id: row.id,
    from: row.status,
    to: 'paid',
    actor,
    now: opts.now,
    patch: { paidAt: opts.now, paidReference: opts.reference, outstandingPrincipalCents: 0, payoffInvoiceId: null },
    data: { note: opts.note, reference: opts.reference },
  });
  await releaseCards(uow, actor.user ? { actorId: actor.user.id, impersonatorId: actor.impersonatorId, ip: actor.ip } : SYSTEM_BY, {
    kind: 'loan',
    ref: row.id,
    at: opts.now,
    event: { kind: 'released', data: { reason: 'paid' } },
    log: uow.ctx.log,
  });
}

/** A loan invoice was paid (decision 030): installment, payoff or origination fee. */
export async function loanInvoicePaid(uow: UnitOfWork, e: InvoicePaidEvent) {
  const inv = e.invoice;
  // related_id is free text (other kinds use other ids): only a uuid can name a loan.
  if (!inv.relatedId || !UUID.test(inv.relatedId)) return;
  const [row] = await uow.tx.select().from(loans).where(eq(loans.id, inv.relatedId)).for('update');
  if (!row || inv.id === row.originationInvoiceId) return;
  const now = e.now;
  const [inst] = await uow.tx.select().from(loanInstallments).where(eq(loanInstallments.invoiceId, inv.id)).limit(1);
  if (inst) {
    if (inst.status !== 'invoiced') return;
    await transitionMany(uow, installmentAggregate, {
      where: and(eq(loanInstallments.loanId, row.id), eq(loanInstallments.number, inst.number)),
      from: ['invoiced'],
      to: 'paid',
      actor: SYSTEM,
      now,
      patch: { paidAt: now },
    });
    const outstanding = Math.max(0, row.outstandingPrincipalCents - inst.principalCents);
    // A payoff quoted before this payment no longer matches what is owed.
    await voidIfOpen(uow, SYSTEM, row.payoffInvoiceId, 'An installment was paid; ask for a new payoff quote', now);
    const [updated] = await uow.tx
      .update(loans)
      .set({ outstandingPrincipalCents: outstanding, payoffInvoiceId: null, updatedAt: now })
      .where(eq(loans.id, row.id))
      .returning();
    const [{ n }] = await uow.tx
      .select({ n: count() })
      .from(loanInstallments)
      .where(and(eq(loanInstallments.loanId, row.id), inArray(loanInstallments.status, ['scheduled', 'invoiced'])));
    if (Number(n) === 0 && (row.status === 'funded' || row.status === 'defaulted')) {
      await closeAsPaid(uow, updated!, SYSTEM, { now, reference: inv.paymentReference, note: `Installment ${inst.number} paid (${inv.number})` });
    } else {
      uow.afterCommit(() => loanUpdated(uow.ctx, updated!));
    }
    return;
  }
  if (inv.id === row.payoffInvoiceId && (row.status === 'funded' || row.status === 'defaulted')) {
    await closeAsPaid(uow, row, SYSTEM, { now, reference: inv.paymentReference, note: `Paid off (${inv.number})`, keepInvoiceId: inv.id });
  }
}

/**
 * An admin corrected or appraised a pledged card (decision 128): the loan's collateral value and
 * live LTV are read again on the new basis and written into the loan's history, and the admins'
 * open queue is refreshed. The offer already made stands; a warning shows when the LTV is past the cap.
 */
export async function collateralRevalued(uow: UnitOfWork, e: HeldCardRevalued) {
  const [row] = await uow.tx.select().from(loans).where(eq(loans.id, e.card.holdRef!)).for('update');
  if (!row) return;
  const rows = await uow.tx
    .select(cardColumns)
    .from(loanCollateral)
    .innerJoin(cards, eq(cards.id, loanCollateral.cardId))
    .where(eq(loanCollateral.loanId, row.id));
  const bases = await lendingBases({ db: uow.tx, clock: { now: () => e.at } }, rows);
  const valueCents = [...bases.values()].reduce((s, b) => s + b.basisCents, 0);
  const exposure = exposureCents(row);
  const ltv = exposure === null ? null : ltvBps(exposure, valueCents);
  const what = e.reason === 'appraised' ? `appraised at ${formatCents(e.card.appraisedValueCents ?? 0)}` : `corrected (${e.fields.join(', ')})`;
  const note = `Collateral ${e.card.year} ${e.card.brand} ${e.card.subject} ${what}: collateral value ${formatCents(valueCents)}${ltv === null ? '' : `, LTV ${formatBpsPercent(ltv)}`}`;
  await uow.tx.insert(loanEvents).values({ loanId: row.id, fromStatus: row.status, toStatus: row.status, note, actorId: e.by.actorId, at: e.at });
  await uow.tx.update(loans).set({ updatedAt: e.at }).where(eq(loans.id, row.id));
  uow.afterCommit(() => loanCollateralRevalued(uow.ctx, row, note));
}

// ---------------------------------------------------------------------------------------------
// The admin's moves
// ---------------------------------------------------------------------------------------------

async function fund(uow: UnitOfWork, actor: SignedInActor, row: LoanRow, policy: LendingPolicy, now: Date, note: string | null) {
  const ids = (await uow.tx.select({ id: loanCollateral.cardId }).from(loanCollateral).where(eq(loanCollateral.loanId, row.id))).map((c) => c.id);
  const locked = await lockCards(uow.tx, ids).catch(() => {
    throw conflict(loanMessages.notAllInVault);
  });
  if (locked.some((c) => c.custody !== 'in_vault' || c.holdKind !== 'loan' || c.holdRef !== row.id)) throw conflict(loanMessages.notAllInVault);
  const amount = row.offeredAmountCents!;
  const fundedOn = utcDay(now);
  const schedule = buildSchedule({ principalCents: amount, aprBps: row.aprBps!, termMonths: row.offeredTermMonths!, startDate: fundedOn });
  await uow.tx.insert(loanInstallments).values(schedule.map((s) => ({ loanId: row.id, ...s })));
  let originationInvoiceId: string | null = null;
  const tpl = await originationTemplate({ db: uow.tx }, policy);
  if (tpl) {
    const inv = await createInvoiceIn(uow, actor, {
      userId: row.borrowerId,
      templateId: tpl.id,
      baseAmountCents: amount,
      dueDate: addDays(fundedOn, 14),
      notes: 'Origination fee for your loan.',
      related: { kind: 'loan', id: row.id },
      send: true,
      now,
    });
    originationInvoiceId = inv.id;
  }
  await transition(uow, loanAggregate, {
    id: row.id,
    from: 'accepted',
    to: 'funded',
    actor,
    now,
    patch: {
      fundedAt: now,
      fundedOn,
      maturityDate: schedule.at(-1)!.dueDate,
      outstandingPrincipalCents: amount,
      originationInvoiceId,
      reviewerId: actor.user.id,
    },
    data: { note, amountCents: amount },
  });
  await postLoanFunded(uow.tx, { id: row.id, amountCents: amount, fundedAt: now }, actor.user.id);
}

/** PATCH /api/admin/loans/{id}: offer, reject, fund, mark paid (with a reference) or default. */
export async function adminPatchLoan(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: AdminLoanPatch }): Promise<AdminLoanDetail> {
  const now = ctx.clock.now();
  const p = input.patch;
  const policy = await getLendingPolicy(ctx);
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx.select().from(loans).where(eq(loans.id, input.id)).for('update');
    if (!row) throw notFound(loanMessages.notFound);
    if (!adminLoanMoves[row.status].includes(p.status)) throw conflict(loanMessages.notAllowed(row.status, p.status));
    const by = { actor, now };
    switch (p.status) {
      case 'conditionally_approved': {
        const ids = (await uow.tx.select({ id: loanCollateral.cardId }).from(loanCollateral).where(eq(loanCollateral.loanId, row.id))).map(
          (c) => c.id,
        );
        const ev = await evaluate({ db: uow.tx, clock: ctx.clock }, row.borrowerId, ids, policy);
        const refused = ev.cards.find((c) => c.refusal);
        if (refused) throw conflict(refused.refusal!);
        if (p.offeredAmountCents > ev.maxCents) throw bad('offeredAmountCents', loanMessages.offerAboveCap(ev.maxCents));
        if (p.offeredAmountCents < policy.minLoanCents) throw bad('offeredAmountCents', loanMessages.belowMinimum(policy.minLoanCents));
        if (p.aprBps < policy.aprMinBps || p.aprBps > policy.aprMaxBps)
          throw bad('aprBps', loanMessages.aprRange(policy.aprMinBps, policy.aprMaxBps));
        if (!policy.terms.includes(p.termMonths)) throw bad('termMonths', loanMessages.termNotOffered);
        await transition(uow, loanAggregate, {
          id: row.id,
          from: row.status,
          to: 'conditionally_approved',
          ...by,
          patch: {
            offeredAmountCents: p.offeredAmountCents,
            offeredTermMonths: p.termMonths,
            aprBps: p.aprBps,
            ltvAtOfferBps: ltvBps(p.offeredAmountCents, ev.valueCents),
            offerExpiresAt: new Date(now.getTime() + policy.offerValidDays * 86_400_000),
            reviewerId: actor.user.id,
            notes: p.note ?? row.notes,
          },
          data: { note: p.note ?? null, offeredAmountCents: p.offeredAmountCents, aprBps: p.aprBps, termMonths: p.termMonths },
        });
        return;
      }
      case 'rejected': {
        await transition(uow, loanAggregate, {
          id: row.id,
          from: row.status,
          to: 'rejected',
          ...by,
          patch: { rejectionReason: p.reason, reviewerId: actor.user.id },
          data: { note: p.reason },
        });
        if (row.status === 'accepted') {
          await releaseCards(uow, auditBy(actor), {
            kind: 'loan',
            ref: row.id,
            at: now,
            event: { kind: 'released', data: { reason: 'rejected' } },
            log: ctx.log,
          });
        }
        return;
      }
      case 'funded':
        return fund(uow, actor, row, policy, now, p.note ?? null);
      case 'paid':
        await closeAsPaid(uow, row, actor, { now, reference: p.reference, note: p.note ?? `Marked paid (${p.reference})` });
        // The open invoices were voided (their principal is back on the loan); the rest came by wire.
        await postLoanSettledOutside(
          uow.tx,
          { id: row.id, principalCents: row.outstandingPrincipalCents, at: now, reference: p.reference },
          actor.user.id,
        );
        return;
      case 'defaulted': {
        // Default follows an installment unpaid past its grace; anything sooner is an override with its reason, audited.
        const installments = await uow.tx.select().from(loanInstallments).where(eq(loanInstallments.loanId, row.id));
        const due = pastGrace(installments, utcDay(now), policy.graceDays);
        if (!due && !p.overrideReason) throw bad('overrideReason', loanMessages.defaultNeedsReason);
        const override = due ? null : (p.overrideReason ?? null);
        await transition(uow, loanAggregate, {
          id: row.id,
          from: row.status,
          to: 'defaulted',
          ...by,
          patch: { defaultedAt: now },
          data: {
            note: override ? `Defaulted before any installment was past its grace: ${override}` : (p.note ?? null),
            override: override !== null,
            overrideReason: override,
          },
        });
        if (override) {
          await audit(uow.tx, {
            ...auditBy(actor),
            action: 'loan.default_override',
            targetType: 'loan',
            targetId: row.id,
            data: { reason: override, note: p.note ?? null },
            at: now,
          });
        }
        return;
      }
    }
  });
  return adminLoan(ctx, actor, { id: input.id });
}

/**
 * POST /api/admin/loans/{id}/take-collateral: once the default notice has run, the pledged cards
 * pass to the house account (decision 022's transfer: the loan's claim released, `transferred`
 * recorded, custody stays in the vault) to be sold as house inventory. The loan stays defaulted.
 */
export async function takeCollateral(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<AdminLoanDetail> {
  const now = ctx.clock.now();
  const policy = await getLendingPolicy(ctx);
  const house = await houseAccountId(ctx.db);
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx.select().from(loans).where(eq(loans.id, input.id)).for('update');
    if (!row) throw notFound(loanMessages.notFound);
    if (row.collateralTakenAt) throw conflict(loanMessages.collateralTaken);
    if (row.status !== 'defaulted' || !row.defaultedAt) throw conflict(loanMessages.notDefaulted);
    const from = addDays(utcDay(row.defaultedAt), policy.defaultNoticeDays);
    if (utcDay(now) < from) throw conflict(loanMessages.noticeRunning(formatDateUtc(from)));
    const ids = (await uow.tx.select({ id: loanCollateral.cardId }).from(loanCollateral).where(eq(loanCollateral.loanId, row.id))).map((c) => c.id);
    for (const cardId of ids) {
      await transferCard(uow, auditBy(actor), {
        cardId,
        toOwnerId: house,
        at: now,
        release: { kind: 'loan', ref: row.id },
        data: { reason: 'loan_default', loan: row.id },
        log: ctx.log,
      });
    }
    await uow.tx.update(loans).set({ collateralTakenAt: now, updatedAt: now }).where(eq(loans.id, row.id));
    await uow.tx.insert(loanEvents).values({
      loanId: row.id,
      fromStatus: 'defaulted',
      toStatus: 'defaulted',
      note: 'Collateral taken into house inventory',
      actorId: actor.user.id,
      at: now,
    });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'loan.collateral_taken',
      targetType: 'loan',
      targetId: row.id,
      data: { cardIds: ids },
      at: now,
    });
    uow.afterCommit(() => loanUpdated(ctx, row));
  });
  return adminLoan(ctx, actor, { id: input.id });
}

// ---------------------------------------------------------------------------------------------
// Scheduled work (lending.jobs.ts runs these; each is safe to repeat)
// ---------------------------------------------------------------------------------------------

function isConflict(err: unknown) {
  return err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found');
}

/** Offers past their expiry → expired. */
export async function expireOffers(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.status, 'conditionally_approved'), sql`${loans.offerExpiresAt} <= ${now.toISOString()}`));
  let n = 0;
  for (const { id } of due) {
    try {
      await inTransaction(ctx, (uow) =>
        transition(uow, loanAggregate, {
          id,
          from: 'conditionally_approved',
          to: 'expired',
          actor: SYSTEM,
          now,
          data: { note: 'The offer was not answered in time' },
        }),
      );
      n++;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  return n;
}

/** Installments that have fallen due → an invoice each (claimed by a conditional update: once only). */
export async function invoiceDueInstallments(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const today = utcDay(now);
  const due = await ctx.db
    .select({ i: loanInstallments, borrowerId: loans.borrowerId, loanTerm: loans.offeredTermMonths })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(eq(loanInstallments.status, 'scheduled'), sql`${loanInstallments.dueDate} <= ${today}`, inArray(loans.status, ['funded', 'defaulted'])),
    )
    .orderBy(asc(loanInstallments.dueDate), asc(loanInstallments.number));
  let n = 0;
  for (const { i, borrowerId, loanTerm } of due) {
    const made = await inTransaction(ctx, async (uow) => {
      const [claimed] = await transitionMany(uow, installmentAggregate, {
        where: and(eq(loanInstallments.loanId, i.loanId), eq(loanInstallments.number, i.number)),
        from: ['scheduled'],
        to: 'invoiced',
        actor: SYSTEM,
        now,
      });
      if (!claimed) return false;
      const of = `${i.number} of ${loanTerm ?? i.number}`;
      const lines = [{ type: 'fixed' as const, label: `Installment ${of}: principal`, amountCents: i.principalCents }];
      if (i.interestCents > 0) lines.push({ type: 'fixed', label: `Installment ${of}: interest`, amountCents: i.interestCents });
      const inv = await createInvoiceIn(uow, SYSTEM, {
        userId: borrowerId,
        lines: lines.filter((l) => l.amountCents > 0),
        dueDate: i.dueDate,
        notes: `Loan installment ${of}, due ${formatDateUtc(i.dueDate)}.`,
        related: { kind: 'loan', id: i.loanId },
        send: true,
        now,
      });
      await uow.tx
        .update(loanInstallments)
        .set({ invoiceId: inv.id })
        .where(and(eq(loanInstallments.loanId, i.loanId), eq(loanInstallments.number, i.number)));
      return true;
    });
    if (made) n++;
  }
  return n;
}

/** Funded loans with an installment unpaid past the grace period → defaulted. */
export async function defaultOverdueLoans(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const policy = await getLendingPolicy(ctx);
  // Due on or before this day and still unpaid: more than `graceDays` days late.
  const lastGraceDay = addDays(utcDay(now), -policy.graceDays - 1);
  const late = await ctx.db
    .selectDistinct({ id: loans.id, dueDate: sql<string>`min(${loanInstallments.dueDate})` })
    .from(loans)
    .innerJoin(loanInstallments, eq(loanInstallments.loanId, loans.id))
    .where(
      and(
        eq(loans.status, 'funded'),
        inArray(loanInstallments.status, ['scheduled', 'invoiced']),
        sql`${loanInstallments.dueDate} <= ${lastGraceDay}`,
      ),
    )
    .groupBy(loans.id);
  let n = 0;
  for (const { id, dueDate } of late) {
    try {
      await inTransaction(ctx, (uow) =>
        transition(uow, loanAggregate, {
          id,
          from: 'funded',
          to: 'defaulted',
          actor: SYSTEM,
          now,
          patch: { defaultedAt: now },
          data: { note: `The installment due ${formatDateUtc(dueDate)} is unpaid after ${policy.graceDays} days' grace` },
        }),
      );
      n++;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  return n;
}
