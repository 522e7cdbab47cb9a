import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_CARDS_PAGE_SIZE, type AdminCardSort, type Custody, type Grader, type RegistrySort, type Sport } from '#common/cards.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { indexConstituents } from '#server/db/schema/market-index.ts';
import { users } from '#server/db/schema/users.ts';

// The cards module's queries as builders, shared by its service and the bench (which runs them bare).

// Every column but the search vector, which nobody reads back.
const { search: _search, ...columns } = getTableColumns(cards);
export const cardColumns = columns;

export const live = isNull(cards.deletedAt);

/** The caller's live cards in full, newest first (the collection-vs-market chart reads them all). */
export function registryQuery(db: Db, ownerId: string) {
  return db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.ownerId, ownerId), live))
    .orderBy(desc(cards.createdAt), desc(cards.id));
}

export interface RegistryFilter {
  q?: string;
  sport?: Sport;
  grader?: Grader;
  custody?: Custody;
}

const mine = (ownerId: string) => and(eq(cards.ownerId, ownerId), live)!;

/** The registry's search and filters, or undefined for none. */
function registryMatching(f: RegistryFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  const q = f.q?.trim();
  if (q) {
    const words = prefixQuery(q);
    conds.push(words ? sql`${cards.search} @@ to_tsquery('simple', ${words})` : sql`false`);
  }
  if (f.sport) conds.push(eq(cards.sport, f.sport));
  if (f.grader) conds.push(eq(cards.grader, f.grader));
  if (f.custody) conds.push(eq(cards.custody, f.custody));
  return and(...conds);
}

/**
 * GET /api/registry: the whole registry's count, sum of estimates and sports, and how many cards
 * match the search and filters. Estimates only: the market values are added by the service.
 */
export function registrySummaryQuery(db: Db, ownerId: string, f: RegistryFilter) {
  const matching = registryMatching(f);
  return db
    .select({
      totalCount: sql<number>`count(*)`.mapWith(Number),
      count: (matching ? sql<number>`count(*) filter (where ${matching})` : sql<number>`count(*)`).mapWith(Number),
      estimatesCents: sql<number>`coalesce(sum(${cards.estimatedValueCents}), 0)`.mapWith(Number),
      sports: sql<string>`coalesce(string_agg(distinct ${cards.sport}, ','), '')`,
    })
    .from(cards)
    .where(mine(ownerId));
}

/**
 * The caller's cards that might match an index constituent (decision 051): graded, numbered, and
 * sharing year, grader and grade with one. Those columns compare exactly, so this never drops a
 * card the market-index module would match; it decides the match on the rest.
 */
export function marketCandidatesQuery(db: Db, ownerId: string) {
  return db
    .select({
      id: cards.id,
      subject: cards.subject,
      year: cards.year,
      brand: cards.brand,
      cardNumber: cards.cardNumber,
      variety: cards.variety,
      grader: cards.grader,
      gradeValue: cards.gradeValue,
      estimatedValueCents: cards.estimatedValueCents,
      estimatePinned: cards.estimatePinned,
    })
    .from(cards)
    .where(
      and(
        mine(ownerId),
        ne(cards.grader, 'raw'),
        isNotNull(cards.cardNumber),
        isNotNull(cards.gradeValue),
        sql`exists (select 1 from ${indexConstituents} where ${indexConstituents.year} = ${cards.year} and ${indexConstituents.grader} = ${cards.grader} and ${indexConstituents.grade} = ${cards.gradeValue})`,
      ),
    );
}

/**
 * GET /api/registry: one page of the caller's matching cards in full. `following` are the cards
 * counted at a market value (and that value), so the value order is what the registry shows.
 */
export function registryPageQuery(
  db: Db,
  ownerId: string,
  f: RegistryFilter,
  input: { sort: RegistrySort; page: number; pageSize: number },
  following: readonly { id: string; valueCents: number }[],
) {
  const pgArray = (xs: readonly (string | number)[]) => `{${xs.join(',')}}`;
  const market = following.length
    ? sql`unnest(${pgArray(following.map((c) => c.id))}::uuid[], ${pgArray(following.map((c) => c.valueCents))}::bigint[]) as following(card_id, value_cents)`
    : undefined;
  const value = market ? sql`coalesce(following.value_cents, ${cards.estimatedValueCents}) desc` : sql`${cards.estimatedValueCents} desc`;
  const recent = [desc(cards.createdAt), desc(cards.id)];
  const order = { recent, value: [value, ...recent], year: [asc(cards.year), value, ...recent] }[input.sort];
  let q = db.select(cardColumns).from(cards).$dynamic();
  if (market) q = q.leftJoin(market, sql`following.card_id = ${cards.id}`);
  return q
    .where(and(mine(ownerId), registryMatching(f)))
    .orderBy(...order)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
}

export const owners = alias(users, 'owners');

/** The search words as a prefix query ('mich jor' → 'mich:* & jor:*'), or null when there are none. */
export function prefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .normalize('NFKD')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AdminCardsFilter {
  q?: string;
  ownerId?: string;
  custody?: Custody;
  grader?: Grader;
  sport?: Sport;
  needsReview?: boolean;
}

/** At most this many owners matched by name or phone widen a search (beyond: refine the search). */
const OWNER_MATCH_LIMIT = 200;

/**
 * Owners whose name or phone matches the search. Asked first (users is small), so the card query
 * is an OR of two indexed conditions (the search vector, owner ids) the planner can combine.
 */
export function ownerMatchQuery(db: Db, q: string) {
  const digits = q.replace(/\D/g, '');
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`${users.name} ilike ${`%${likeEscape(q)}%`}`, digits.length >= 4 ? sql`${users.phone} like ${`%${digits}%`}` : undefined))
    .limit(OWNER_MATCH_LIMIT);
}

/** The WHERE of the admin list, given the owners the search matched. */
export function adminCardsWhere(f: AdminCardsFilter, matchedOwners: string[]): SQL {
  const conds: (SQL | undefined)[] = [live];
  if (f.ownerId) conds.push(eq(cards.ownerId, f.ownerId));
  if (f.custody) conds.push(eq(cards.custody, f.custody));
  if (f.grader) conds.push(eq(cards.grader, f.grader));
  if (f.sport) conds.push(eq(cards.sport, f.sport));
  if (f.needsReview !== undefined) conds.push(eq(cards.needsReview, f.needsReview));
  const q = f.q?.trim();
  if (q) {
    const words = prefixQuery(q);
    const byWords = words ? sql`${cards.search} @@ to_tsquery('simple', ${words})` : undefined;
    const byOwner = matchedOwners.length ? inArray(cards.ownerId, matchedOwners) : undefined;
    conds.push(byWords || byOwner ? or(byWords, byOwner) : sql`false`);
  }
  return and(...conds)!;
}

const sortBy: Record<AdminCardSort, SQL[]> = {
  recent: [desc(cards.createdAt), desc(cards.id)],
  value_desc: [desc(cards.estimatedValueCents), desc(cards.id)],
  value_asc: [asc(cards.estimatedValueCents), asc(cards.id)],
  year_desc: [desc(cards.year), desc(cards.id)],
  year_asc: [asc(cards.year), asc(cards.id)],
  subject: [asc(cards.subject), asc(cards.id)],
};

/**
 * One page of the admin list with the total of all matches (exported for the bench, which runs it
 * bare). The page's ids and the total come from the cards alone; the full rows and their owners
 * are read for those 50 only.
 */
export function adminCardsPageQuery(db: Db, where: SQL, input: { sort: AdminCardSort; page: number }) {
  const page = db
    .select({ id: cards.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(cards)
    .where(where)
    .orderBy(...sortBy[input.sort])
    .limit(ADMIN_CARDS_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_CARDS_PAGE_SIZE)
    .as('page');
  return db
    .select({ c: cardColumns, owner: { id: owners.id, name: owners.name, phone: owners.phone }, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(cards, eq(cards.id, page.id))
    .innerJoin(owners, eq(owners.id, cards.ownerId))
    .orderBy(...sortBy[input.sort]);
}
