import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { MarkSource } from '#common/funds.ts';
import type { Db } from '#server/db/client.ts';
import { fundHoldings, fundMarks } from '#server/db/schema/funds.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';
import { indexPricesOn } from '#server/modules/market-index/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

export interface MarkLine {
  holdingId: string;
  cardId: string;
  subject: string;
  costBasisCents: number;
  valueCents: number;
  source: MarkSource;
  markedOn: string | null;
}

/** The holdings a fund held on `day`: acquired on or before it, not yet disposed of by it. */
export function heldOn(fundId: string, day: string) {
  return and(
    eq(fundHoldings.fundId, fundId),
    lte(fundHoldings.acquiredOn, day),
    or(isNull(fundHoldings.disposedOn), gt(fundHoldings.disposedOn, day)),
  );
}

/**
 * Each holding's value on `day` (decision 082): the index's last price on or before the day when
 * the card matches a constituent that has one; else the last manual mark on or before the day;
 * else the cost basis.
 */
export async function marksOn(db: Db, input: { fundId: string; day: string; holdingIds?: string[] }): Promise<MarkLine[]> {
  const where = input.holdingIds
    ? and(eq(fundHoldings.fundId, input.fundId), inArray(fundHoldings.id, input.holdingIds))
    : heldOn(input.fundId, input.day);
  const holdings = await db
    .select({
      id: fundHoldings.id,
      cardId: fundHoldings.cardId,
      subject: cards.subject,
      cost: fundHoldings.costBasisCents,
      constituentId: fundHoldings.constituentId,
    })
    .from(fundHoldings)
    .innerJoin(cards, eq(cards.id, fundHoldings.cardId))
    .where(where)
    .orderBy(asc(fundHoldings.acquiredOn), asc(fundHoldings.id));
  if (holdings.length === 0) return [];
  const constituentIds = [...new Set(holdings.map((h) => h.constituentId).filter((c): c is string => !!c))];
  const prices = await indexPricesOn({ db }, { constituentIds, day: input.day });
  const manual = await db
    .select({ holdingId: fundMarks.holdingId, markedOn: fundMarks.markedOn, valueCents: fundMarks.valueCents })
    .from(fundMarks)
    .where(
      and(
        inArray(
          fundMarks.holdingId,
          holdings.map((h) => h.id),
        ),
        lte(fundMarks.markedOn, input.day),
      ),
    )
    .orderBy(desc(fundMarks.markedOn), desc(fundMarks.createdAt));
  const lastManual = new Map<string, { markedOn: string; valueCents: number }>();
  for (const m of manual) if (!lastManual.has(m.holdingId)) lastManual.set(m.holdingId, m);
  return holdings.map((h) => {
    const base = { holdingId: h.id, cardId: h.cardId, subject: h.subject, costBasisCents: h.cost };
    const p = h.constituentId ? prices.get(h.constituentId) : undefined;
    if (p) return { ...base, valueCents: p.priceCents, source: 'index' as const, markedOn: p.observedOn };
    const m = lastManual.get(h.id);
    if (m) return { ...base, valueCents: m.valueCents, source: 'manual' as const, markedOn: m.markedOn };
    return { ...base, valueCents: h.cost, source: 'cost' as const, markedOn: null };
  });
}
