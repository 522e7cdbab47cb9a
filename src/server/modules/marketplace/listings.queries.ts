import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ListingsQuery } from '#common/marketplace.ts';
import type { Db } from '#server/db/client.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { pgArray, prepared } from '#server/db/prepared.ts';
import { cardColumns, cardDirectory, prefixQuery } from '#server/modules/cards/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

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

/** What decides the gallery statement's text (decision 123); the values are its placeholders. */
export interface ListingsShape {
  /** Words that are only punctuation: nothing can match. */
  nothing: boolean;
  years: boolean;
  words: boolean;
  facets: boolean;
  sport: boolean;
  grader: boolean;
  minGrade: boolean;
  maxGrade: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  sort: ListingsQuery['sort'];
}

/** The gallery query's shape and placeholder values. */
export function listingsShape(q: ListingsQuery, now: Date): { shape: ListingsShape; values: Record<string, unknown> } {
  const words = q.q ? q.q.split(/\s+/).filter(Boolean) : [];
  const years = words.filter(isYear).map(Number);
  const tsq = prefixQuery(words.filter((w) => !isYear(w)).join(' '));
  // Sport and grader are checked against the enums before they get here.
  const facets = tsq ? [q.sport && `'#sport=${q.sport}'`, q.grader && `'#grader=${q.grader}'`].filter(Boolean).join(' & ') : '';
  const shape: ListingsShape = {
    nothing: words.length > 0 && !years.length && !tsq,
    years: years.length > 0,
    words: Boolean(tsq),
    facets: Boolean(facets),
    sport: !tsq && Boolean(q.sport),
    grader: !tsq && Boolean(q.grader),
    minGrade: q.minGrade !== undefined,
    maxGrade: q.maxGrade !== undefined,
    minPrice: q.minPriceCents !== undefined,
    maxPrice: q.maxPriceCents !== undefined,
    sort: q.sort,
  };
  const values = {
    years: pgArray(years),
    tsq,
    facets,
    sport: q.sport,
    grader: q.grader,
    minGrade: q.minGrade,
    maxGrade: q.maxGrade,
    minPrice: q.minPriceCents,
    maxPrice: q.maxPriceCents,
    now: now.toISOString(),
    limit: q.pageSize + 1,
    offset: (q.page - 1) * q.pageSize,
  };
  return { shape, values };
}

const p = sql.placeholder;

/**
 * The gallery's filters on the listing's own copy of its card's fields (decision 120). With words
 * to search, sport and grader join them as terms of the one tsquery, so one GIN index answers all
 * three and only the matches are read from the heap.
 */
function listingsWhere(s: ListingsShape): SQL {
  // An open listing holds its card, and a held card cannot be deleted: no need to ask the card.
  const where: (SQL | undefined)[] = [isOpen];
  if (s.nothing) where.push(sql`false`);
  if (s.years) where.push(sql`${listings.cardYear} = any(${p('years')}::int[])`);
  if (s.words) {
    where.push(
      s.facets
        ? sql`${listings.search} @@ (to_tsquery('simple', ${p('tsq')}) && ${p('facets')}::tsquery)`
        : sql`${listings.search} @@ to_tsquery('simple', ${p('tsq')})`,
    );
  }
  if (s.sport) where.push(eq(listings.cardSport, p('sport')));
  if (s.grader) where.push(eq(listings.cardGrader, p('grader')));
  if (s.minGrade) where.push(gte(listings.cardGradeValue, p('minGrade')));
  if (s.maxGrade) where.push(lte(listings.cardGradeValue, p('maxGrade')));
  if (s.minPrice) where.push(gte(listings.priceCents, p('minPrice')));
  if (s.maxPrice) where.push(lte(listings.priceCents, p('maxPrice')));
  return and(...where)!;
}

/**
 * The default order puts featured listings (featuredUntil in the future) first, newest after them;
 * a sort the member chose is exactly that order, featured or not. The id breaks ties.
 */
function listingsOrder(sort: ListingsQuery['sort']): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(listings.priceCents), asc(listings.id)];
    case 'price_desc':
      return [desc(listings.priceCents), asc(listings.id)];
    case 'grade_desc':
      return [sql`${listings.cardGradeValue} desc nulls last`, desc(listings.createdAt), asc(listings.id)];
    default:
      return [
        sql`(${listings.featuredUntil} is not null and ${listings.featuredUntil} > ${p('now')}::timestamptz) desc`,
        desc(listings.createdAt),
        asc(listings.id),
      ];
  }
}

/**
 * One page of the gallery, one row more than the page to tell whether there is a next one. The
 * page's ids are found on the listings alone; cards and sellers are joined for those rows only.
 */
export function listingsPageQuery(db: Db, s: ListingsShape) {
  const order = listingsOrder(s.sort);
  const page = db
    .select({ id: listings.id })
    .from(listings)
    .where(listingsWhere(s))
    .orderBy(...order)
    .limit(p('limit'))
    .offset(p('offset'))
    .as('page');
  return listingSelect(db)
    .innerJoin(page, eq(page.id, listings.id))
    .orderBy(...order);
}

/** GET /api/listings' page (and one row more), through a statement prepared per shape. */
export function listingsPage(db: Db, q: ListingsQuery, now: Date) {
  const { shape, values } = listingsShape(q, now);
  return prepared(db, `listings ${JSON.stringify(shape)}`, () => listingsPageQuery(db, shape)).execute(values);
}

/** Reservations whose 15 minutes are up (the lapse job's scan). */
export function lapsedWhere(now: Date): SQL {
  return and(eq(listings.status, 'reserved'), lte(listings.reservedUntil, now))!;
}

/**
 * Whether one listing is open and passes the gallery's filters (a saved search's new-listing
 * alert, decision 147): the gallery's own WHERE, narrowed to the listing, so the two never disagree.
 */
export async function listingMatchesQuery(db: Db, q: ListingsQuery, listingId: string): Promise<boolean> {
  const { shape, values } = listingsShape(q, new Date(0));
  const rows = await prepared(db, `listing matches ${JSON.stringify({ ...shape, sort: undefined })}`, () =>
    db
      .select({ id: listings.id })
      .from(listings)
      .where(and(listingsWhere(shape), eq(listings.id, p('listingId'))))
      .limit(1),
  ).execute({ ...values, listingId });
  return rows.length > 0;
}

/** One listing with its card and seller, or undefined. */
export async function loadListing(db: Db, id: string): Promise<ListingJoinRow | undefined> {
  const [row] = await listingSelect(db).where(eq(listings.id, id)).limit(1);
  return row;
}
