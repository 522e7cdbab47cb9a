import { and, asc, eq, getTableColumns, isNull, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AppContext } from '#server/context.ts';
import { indexConstituents, indexLevels, priceObservations } from '#server/db/schema/market-index.ts';

// What other modules read of the index, so they need not query its tables (decision 135).
// Inside a transaction, hand them `{ db: tx }`.

const qb = new QueryBuilder();

/**
 * The constituents, read-only, for a query that tests them in the same statement (the registry's
 * market-value candidates), like users' `userDirectory`: joined under the caller's alias, and
 * flattened by Postgres, so the plan is the table's.
 */
export function constituentDirectory<A extends string>(alias: A) {
  return qb.select(getTableColumns(indexConstituents)).from(indexConstituents).as(alias);
}

/** The live constituent with the card's identity (player, year, set, number, variety, grader, grade), or null. */
export async function matchingConstituent(
  ctx: Pick<AppContext, 'db'>,
  c: { subject: string; year: number; brand: string; cardNumber: string | null; variety: string | null; grader: string; gradeValue: number },
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: indexConstituents.id })
    .from(indexConstituents)
    .where(
      and(
        sql`lower(${indexConstituents.player}) = lower(${c.subject})`,
        eq(indexConstituents.year, c.year),
        sql`lower(${indexConstituents.set}) = lower(${c.brand})`,
        sql`lower(${indexConstituents.cardNumber}) = lower(${c.cardNumber ?? ''})`,
        sql`lower(coalesce(${indexConstituents.variety}, '')) = lower(${c.variety ?? ''})`,
        sql`${indexConstituents.grader} = ${c.grader}`,
        eq(indexConstituents.grade, c.gradeValue),
        isNull(indexConstituents.retiredOn),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The index's levels up to and including `day`, oldest first. */
export function indexLevelsUpTo(ctx: Pick<AppContext, 'db'>, input: { day: string }) {
  return ctx.db
    .select({ day: indexLevels.day, level: indexLevels.level })
    .from(indexLevels)
    .where(lte(indexLevels.day, input.day))
    .orderBy(asc(indexLevels.day));
}

/**
 * Each constituent's index price on `day` (decision 082): the last day with sales on or before it,
 * that day's average, to the cent. Constituents with no sale by then are left out.
 */
export async function indexPricesOn(
  ctx: Pick<AppContext, 'db'>,
  input: { constituentIds: readonly string[]; day: string },
): Promise<Map<string, { priceCents: number; observedOn: string }>> {
  const prices = new Map<string, { priceCents: number; observedOn: string }>();
  if (input.constituentIds.length === 0) return prices;
  const result = await ctx.db.execute(sql`
      select po.constituent_id as id, po.observed_on::text as day, round(avg(po.price_cents))::text as price
      from ${priceObservations} po
      where po.constituent_id in (${sql.join(
        input.constituentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and po.observed_on = (select max(p2.observed_on) from ${priceObservations} p2 where p2.constituent_id = po.constituent_id and p2.observed_on <= ${input.day})
      group by po.constituent_id, po.observed_on`);
  const rows = (result as unknown as { rows: { id: string; day: string; price: string }[] }).rows;
  for (const r of rows) prices.set(r.id, { priceCents: Number(r.price), observedOn: r.day });
  return prices;
}
