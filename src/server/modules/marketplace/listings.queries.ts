import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ListingsQuery } from '#common/marketplace.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { users } from '#server/db/schema/users.ts';
import { cardColumns, prefixQuery } from '#server/modules/cards/cards.queries.ts';

// The listings queries as builders, shared by the service and the bench (which runs them bare).

export const openStatuses = ['active', 'reserved'] as const;
export const isOpen = inArray(listings.status, [...openStatuses]);

// Every column but the copies of the card's fields, which only the search reads.
const { search: _search, cardSport: _sport, cardGrader: _grader, cardGradeValue: _grade, cardYear: _year, ...columns } = getTableColumns(listings);
export const listingColumns = columns;

/** A listing with its card and its seller's name. */
export function listingSelect(db: Db) {
  return db
    .select({ listing: listingColumns, card: cardColumns, sellerName: users.name })
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

const isYear = (w: string) => /^(18|19|20)\d{2}$/.test(w);

/**
 * The gallery's filters on the listing's own copy of its card's fields (decision 120). With words
 * to search, sport and grader join them as terms of the one tsquery, so one GIN index answers all
 * three and only the matches are read from the heap.
 */
export function listingsWhere(q: ListingsQuery): SQL {
  // An open listing holds its card, and a held card cannot be deleted: no need to ask the card.
  const where: (SQL | undefined)[] = [isOpen];
  const words = q.q ? q.q.split(/\s+/).filter(Boolean) : [];
  const years = words.filter(isYear).map(Number);
  const tsq = prefixQuery(words.filter((w) => !isYear(w)).join(' '));
  // Only punctuation: nothing can match.
  if (words.length && !years.length && !tsq) where.push(sql`false`);
  if (years.length) where.push(inArray(listings.cardYear, years));
  if (tsq) {
    // Sport and grader are checked against the enums before they get here.
    const facets = [q.sport && `'#sport=${q.sport}'`, q.grader && `'#grader=${q.grader}'`].filter(Boolean).join(' & ');
    where.push(facets ? sql`${listings.search} @@ (to_tsquery('simple', ${tsq}) && ${facets}::tsquery)` : sql`${listings.search} @@ to_tsquery('simple', ${tsq})`);
  } else {
    if (q.sport) where.push(eq(listings.cardSport, q.sport));
    if (q.grader) where.push(eq(listings.cardGrader, q.grader));
  }
  if (q.minGrade !== undefined) where.push(gte(listings.cardGradeValue, q.minGrade));
  if (q.maxGrade !== undefined) where.push(lte(listings.cardGradeValue, q.maxGrade));
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
      return [featured, sql`${listings.cardGradeValue} desc nulls last`, desc(listings.createdAt), asc(listings.id)];
    default:
      return [featured, desc(listings.createdAt), asc(listings.id)];
  }
}

/**
 * One page of the gallery, one row more than the page to tell whether there is a next one. The
 * page's ids are found on the listings alone; cards and sellers are joined for those rows only.
 */
export function listingsPageQuery(db: Db, q: ListingsQuery, now: Date) {
  const order = listingsOrder(q, now);
  const page = db
    .select({ id: listings.id })
    .from(listings)
    .where(listingsWhere(q))
    .orderBy(...order)
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
    .as('page');
  return listingSelect(db)
    .innerJoin(page, eq(page.id, listings.id))
    .orderBy(...order);
}

/** Reservations whose 15 minutes are up (the lapse job's scan). */
export function lapsedWhere(now: Date): SQL {
  return and(eq(listings.status, 'reserved'), lte(listings.reservedUntil, now))!;
}
