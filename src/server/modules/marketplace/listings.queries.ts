import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ListingsQuery } from '#common/marketplace.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { users } from '#server/db/schema/users.ts';
import { cardColumns, live, prefixQuery } from '#server/modules/cards/cards.queries.ts';

// The listings queries as builders, shared by the service and the bench (which runs them bare).

export const openStatuses = ['active', 'reserved'] as const;
export const isOpen = inArray(listings.status, [...openStatuses]);

/** A listing with its card and its seller's name. */
export function listingSelect(db: Db) {
  return db
    .select({ listing: listings, card: cardColumns, sellerName: users.name })
    .from(listings)
    .innerJoin(cards, eq(cards.id, listings.cardId))
    .leftJoin(users, eq(users.id, listings.sellerId));
}
export type ListingJoinRow = Awaited<ReturnType<ReturnType<typeof listingSelect>['execute']>>[number];

/** "q over player/set/year": four-digit years match the year, the other words the card's search vector by prefix. */
export function textFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const words = q.split(/\s+/).filter(Boolean);
  const years = words.filter((w) => /^(18|19|20)\d{2}$/.test(w)).map(Number);
  const rest = words.filter((w) => !/^(18|19|20)\d{2}$/.test(w)).join(' ');
  const tsq = prefixQuery(rest);
  const parts: SQL[] = [];
  if (years.length) parts.push(inArray(cards.year, years));
  if (tsq) parts.push(sql`${cards.search} @@ to_tsquery('simple', ${tsq})`);
  // Only punctuation: nothing can match.
  if (!parts.length) return sql`false`;
  return and(...parts);
}

export function listingsWhere(q: ListingsQuery): SQL {
  const where: (SQL | undefined)[] = [isOpen, live];
  where.push(textFilter(q.q));
  if (q.sport) where.push(eq(cards.sport, q.sport));
  if (q.grader) where.push(eq(cards.grader, q.grader));
  if (q.minGrade !== undefined) where.push(gte(cards.gradeValue, q.minGrade));
  if (q.maxGrade !== undefined) where.push(lte(cards.gradeValue, q.maxGrade));
  if (q.minPriceCents !== undefined) where.push(gte(listings.priceCents, q.minPriceCents));
  if (q.maxPriceCents !== undefined) where.push(lte(listings.priceCents, q.maxPriceCents));
  return and(...where)!;
}

/** Featured listings first (featuredUntil in the future), then the chosen order; id breaks ties. */
export function listingsOrder(q: ListingsQuery, now: Date): SQL[] {
  const featured = sql`(${listings.featuredUntil} is not null and ${listings.featuredUntil} > ${now.toISOString()}::timestamptz) desc`;
  switch (q.sort) {
    case 'price_asc':
      return [featured, asc(listings.priceCents), asc(listings.id)];
    case 'price_desc':
      return [featured, desc(listings.priceCents), asc(listings.id)];
    case 'grade_desc':
      return [featured, sql`${cards.gradeValue} desc nulls last`, desc(listings.createdAt), asc(listings.id)];
    default:
      return [featured, desc(listings.createdAt), asc(listings.id)];
  }
}

/** One page of the gallery, one row more than the page to tell whether there is a next one. */
export function listingsPageQuery(db: Db, q: ListingsQuery, now: Date) {
  return listingSelect(db)
    .where(listingsWhere(q))
    .orderBy(...listingsOrder(q, now))
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
}

/** Reservations whose 15 minutes are up (the lapse job's scan). */
export function lapsedWhere(now: Date): SQL {
  return and(eq(listings.status, 'reserved'), lte(listings.reservedUntil, now))!;
}
