import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { toCsv } from '#common/csv.ts';
import { linesFromTemplate, totalOf } from '#common/money.ts';
import {
  csvHeaders,
  payoutStatusLabels,
  saleKindLabels,
  SALES_PAGE_SIZE_MAX,
  type AdminSalesResponse,
  type SaleKind,
  type SaleRow,
  type SalesPeriod,
} from '#common/marketplace.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { listings, sales } from '#server/db/schema/marketplace.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, transition, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { appendEvent, cardColumns, cardDirectory, houseAccountId, transferCard } from '#server/modules/cards/index.ts';
import { billingTemplate, feeTemplateAppliesTo, type InvoicePaidHandler } from '#server/modules/money/index.ts';
import { getSetting, type SavedHook } from '#server/modules/settings/index.ts';
import { postHousePurchase, postSaleSettled, postSellerPayout } from '#server/modules/ledger/index.ts';
import { listingAggregate, salePayoutAggregate } from './marketplace.aggregates.ts';
import { sellerOf, toListedCard } from './listings.service.ts';
import { closeOpenOffers } from './listing-offers.closing.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

/**
 * The sale fee template's lines on a price: the house's commission and shipping, withheld from the
 * seller. The template is the one the marketplace settings name, or else the first active one
 * that applies to sales.
 */
async function saleFeesCents(db: Db, priceCents: number): Promise<number> {
  const { saleFeeTemplateId } = await getSetting({ db }, 'marketplace');
  const tpl = await billingTemplate({ db }, { id: saleFeeTemplateId, appliesTo: 'sale', ties: 'id' });
  return tpl ? Math.min(priceCents, totalOf(linesFromTemplate(tpl.lines, priceCents))) : 0;
}

/** The marketplace's sale fee must come from a template that applies to sales. */
export const checkMarketplaceSettings: SavedHook<'marketplace'> = async ({ tx }, { value }) => {
  const id = value.saleFeeTemplateId;
  if (!id) return;
  if ((await feeTemplateAppliesTo({ db: tx }, { id })) !== 'sale') {
    const msg = 'Choose a fee template that applies to sales';
    throw new AppError('bad_request', msg, { fieldErrors: { saleFeeTemplateId: [msg] } });
  }
};

/**
 * Payment of a sale invoice settled (decision 030): the listing is sold, one sales row written,
 * the card handed to the buyer (`sold`, then `transferred`; custody stays in the vault). Runs in
 * the settlement transaction, once per invoice; the unique listing id on sales makes a second
 * run write nothing.
 */
export const saleInvoicePaid: InvoicePaidHandler = async (uow, { invoice, now }) => {
  const { tx } = uow;
  if (!invoice.relatedId) return;
  const [l] = await tx.select().from(listings).where(eq(listings.id, invoice.relatedId)).for('update');
  if (!l || l.status !== 'reserved' || l.invoiceId !== invoice.id) {
    uow.ctx.log?.warn(
      { invoiceId: invoice.id, listingId: invoice.relatedId, status: l?.status },
      'sale invoice paid for a listing no longer reserved by it',
    );
    return;
  }
  const buyerId = invoice.userId;
  // An accepted offer's reservation sells at the agreed price (issue 34).
  const priceCents = l.agreedPriceCents ?? l.priceCents;
  const feesCents = await saleFeesCents(tx, priceCents);
  const [sale] = await tx
    .insert(sales)
    .values({
      kind: 'marketplace',
      listingId: l.id,
      invoiceId: invoice.id,
      cardId: l.cardId,
      buyerId,
      sellerId: l.sellerId,
      priceCents,
      feesCents,
      totalCents: invoice.totalCents,
      sellerProceedsCents: priceCents - feesCents,
      payoutStatus: l.sellerId ? 'owed' : 'none',
      soldAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!sale) return;
  await postSaleSettled(tx, sale);
  const by = { actorId: buyerId, impersonatorId: null, ip: null };
  await transition(uow, listingAggregate, {
    id: l.id,
    from: 'reserved',
    to: 'sold',
    actor: { user: { id: buyerId }, impersonatorId: null, ip: null },
    now,
    patch: { soldAt: now, reservedUntil: null },
    data: { saleId: sale.id },
  });
  await appendEvent(tx, by, {
    cardId: l.cardId,
    kind: 'sold',
    data: { listingId: l.id, saleId: sale.id, priceCents, buyerId, sellerId: l.sellerId },
    at: now,
  });
  await transferCard(uow, by, { cardId: l.cardId, toOwnerId: buyerId, at: now, release: { kind: 'listing', ref: l.id }, data: { saleId: sale.id } });
  await audit(tx, {
    ...by,
    action: 'sale.completed',
    targetType: 'sale',
    targetId: sale.id,
    data: { listingId: l.id, priceCents },
    at: now,
  });
  await closeOpenOffers(uow, { listingId: l.id, now, reason: 'sold' });
};

/** The house buying through an accepted sell offer (called in the offer's transaction). */
export async function recordHouseSale(
  uow: UnitOfWork,
  input: { sellOfferId: string; cardId: string; sellerId: string; priceCents: number; now: Date },
) {
  const house = await houseAccountId(uow.tx);
  const [sale] = await uow.tx
    .insert(sales)
    .values({
      kind: 'sell_offer',
      sellOfferId: input.sellOfferId,
      cardId: input.cardId,
      buyerId: house,
      sellerId: input.sellerId,
      priceCents: input.priceCents,
      feesCents: 0,
      totalCents: input.priceCents,
      sellerProceedsCents: input.priceCents,
      payoutStatus: 'owed',
      soldAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (sale) await postHousePurchase(uow.tx, sale);
  return { sale, house };
}

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

const buyers = userDirectory('buyers');
const sellers = userDirectory('sellers');

function salesSelect(db: Db) {
  return db
    .select({ sale: sales, card: cardColumns, buyerName: buyers.name, sellerName: sellers.name })
    .from(sales)
    .innerJoin(cards, eq(cards.id, sales.cardId))
    .innerJoin(buyers, eq(buyers.id, sales.buyerId))
    .leftJoin(sellers, eq(sellers.id, sales.sellerId));
}

function toSaleRow(r: Awaited<ReturnType<ReturnType<typeof salesSelect>['execute']>>[number], house: string): SaleRow {
  const s = r.sale;
  return {
    id: s.id,
    kind: s.kind,
    listingId: s.listingId,
    sellOfferId: s.sellOfferId,
    invoiceId: s.invoiceId,
    card: toListedCard(r.card),
    buyer: s.buyerId === house ? sellerOf(null, null) : sellerOf(s.buyerId, r.buyerName),
    seller: sellerOf(s.sellerId, r.sellerName),
    priceCents: s.priceCents,
    feesCents: s.feesCents,
    totalCents: s.totalCents,
    sellerProceedsCents: s.sellerProceedsCents,
    payoutStatus: s.payoutStatus,
    payoutPaidAt: s.payoutPaidAt?.toISOString() ?? null,
    soldAt: s.soldAt.toISOString(),
  };
}

/** GET /api/user/sales: what the caller bought and sold. */
export async function userSales(ctx: Ctx, actor: SignedInActor) {
  const me = actor.user.id;
  const house = await houseAccountId(ctx.db);
  const rows = await salesSelect(ctx.db)
    .where(or(eq(sales.buyerId, me), eq(sales.sellerId, me)))
    .orderBy(desc(sales.soldAt), asc(sales.id));
  return {
    bought: rows.filter((r) => r.sale.buyerId === me).map((r) => toSaleRow(r, house)),
    sold: rows.filter((r) => r.sale.sellerId === me).map((r) => toSaleRow(r, house)),
  };
}

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

function salesWhere(q: { from?: string; to?: string; kind?: SaleKind }): SQL | undefined {
  return and(
    q.from ? gte(sales.soldAt, dayStart(q.from)) : undefined,
    q.to ? lt(sales.soldAt, nextDay(q.to)) : undefined,
    q.kind ? eq(sales.kind, q.kind) : undefined,
  );
}

/** GET /api/admin/sales: rows (newest first), totals and totals per period over from/to. */
export async function adminSales(
  ctx: Ctx,
  _actor: SignedInActor,
  q: { from?: string; to?: string; kind?: SaleKind; period: SalesPeriod },
): Promise<AdminSalesResponse> {
  const where = salesWhere(q);
  const house = await houseAccountId(ctx.db);
  const rows = await salesSelect(ctx.db)
    .where(where)
    .orderBy(desc(sales.soldAt), asc(sales.id))
    .limit(SALES_PAGE_SIZE_MAX + 1);
  const sums = {
    count: sql<number>`count(*)::int`,
    priceCents: sql<number>`coalesce(sum(${sales.priceCents}), 0)::bigint`,
    feesCents: sql<number>`coalesce(sum(${sales.feesCents}), 0)::bigint`,
    totalCents: sql<number>`coalesce(sum(${sales.totalCents}), 0)::bigint`,
  };
  const [t] = await ctx.db
    .select({
      ...sums,
      payoutsOwedCents: sql<number>`coalesce(sum(${sales.sellerProceedsCents}) filter (where ${sales.payoutStatus} = 'owed'), 0)::bigint`,
    })
    .from(sales)
    .where(where);
  const unit = sql.raw(`'${q.period}'`);
  const period = sql<string>`to_char(date_trunc(${unit}, ${sales.soldAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const byPeriod = await ctx.db
    .select({ period, ...sums })
    .from(sales)
    .where(where)
    .groupBy(period)
    .orderBy(period);
  const num = (v: unknown) => Number(v ?? 0);
  return {
    sales: rows.slice(0, SALES_PAGE_SIZE_MAX).map((r) => toSaleRow(r, house)),
    totals: {
      count: num(t?.count),
      priceCents: num(t?.priceCents),
      feesCents: num(t?.feesCents),
      totalCents: num(t?.totalCents),
      payoutsOwedCents: num(t?.payoutsOwedCents),
    },
    byPeriod: byPeriod.map((p) => ({
      period: p.period,
      count: num(p.count),
      priceCents: num(p.priceCents),
      feesCents: num(p.feesCents),
      totalCents: num(p.totalCents),
    })),
    truncated: rows.length > SALES_PAGE_SIZE_MAX,
  };
}

/** GET /api/admin/sales/export.csv: the same rows as CSV (dollars with cents, ISO dates). */
export async function adminSalesCsv(
  ctx: Ctx,
  actor: SignedInActor,
  q: { from?: string; to?: string; kind?: SaleKind; period: SalesPeriod },
): Promise<string> {
  const { sales: rows } = await adminSales(ctx, actor, q);
  const dollars = (c: number) => (c / 100).toFixed(2);
  const card = (s: SaleRow) => `${s.card.year} ${s.card.brand} ${s.card.subject}${s.card.grade ? ` ${s.card.grader} ${s.card.grade}` : ''}`;
  return toCsv(
    csvHeaders,
    rows.map((s) => [
      s.soldAt,
      saleKindLabels[s.kind],
      card(s),
      s.buyer.name ?? '',
      s.seller.name ?? '',
      dollars(s.priceCents),
      dollars(s.feesCents),
      dollars(s.totalCents),
      dollars(s.sellerProceedsCents),
      payoutStatusLabels[s.payoutStatus],
    ]),
  );
}

/** PATCH /api/admin/sales/{id}: the house paid the seller what it owed. */
export async function markPayoutPaid(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<SaleRow> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    // A sale not found is a 404, one not owed (already paid, or the house's own) a 409.
    const updated = await transition(uow, salePayoutAggregate, { id: input.id, from: 'owed', to: 'paid', actor, now, patch: { payoutPaidAt: now } });
    await postSellerPayout(tx, { ...updated, paidAt: now }, actor.user.id);
    await audit(tx, { ...auditBy(actor), action: 'sale.payout_paid', targetType: 'sale', targetId: input.id, at: now });
  });
  const house = await houseAccountId(ctx.db);
  const [row] = await salesSelect(ctx.db).where(eq(sales.id, input.id)).limit(1);
  return toSaleRow(row!, house);
}
