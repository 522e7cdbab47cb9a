import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_CARDS_PAGE_SIZE, type AdminCardSort, type Custody, type Grader, type RegistrySort, type Sport } from '#common/cards.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { pgArray, prepared } from '#server/db/prepared.ts';
import { constituentDirectory } from '#server/modules/market-index/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');
// Index constituents through market-index's read model (decision 135).
const indexConstituents = constituentDirectory('index_constituents');

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

const p = sql.placeholder;
const mine = and(eq(cards.ownerId, p('owner')), live)!;

/** What decides a registry statement's text (decision 123); the values are its placeholders. */
interface RegistryShape {
  /** Words that are only punctuation: nothing can match. */
  nothing: boolean;
  words: boolean;
  sport: boolean;
  grader: boolean;
  custody: boolean;
}

function registryShape(ownerId: string, f: RegistryFilter) {
  const q = f.q?.trim();
  const words = q ? prefixQuery(q) : null;
  const shape: RegistryShape = {
    nothing: Boolean(q) && !words,
    words: Boolean(words),
    sport: Boolean(f.sport),
    grader: Boolean(f.grader),
    custody: Boolean(f.custody),
  };
  return { shape, values: { owner: ownerId, words, sport: f.sport, grader: f.grader, custody: f.custody } };
}

/** The registry's search and filters, or undefined for none. */
function registryMatching(s: RegistryShape): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (s.nothing) conds.push(sql`false`);
  if (s.words) conds.push(sql`${cards.search} @@ to_tsquery('simple', ${p('words')})`);
  if (s.sport) conds.push(eq(cards.sport, p('sport')));
  if (s.grader) conds.push(eq(cards.grader, p('grader')));
  if (s.custody) conds.push(eq(cards.custody, p('custody')));
  return and(...conds);
}

function registrySummaryQuery(db: Db, s: RegistryShape) {
  const matching = registryMatching(s);
  return db
    .select({
      totalCount: sql<number>`count(*)`.mapWith(Number),
      count: (matching ? sql<number>`count(*) filter (where ${matching})` : sql<number>`count(*)`).mapWith(Number),
      estimatesCents: sql<number>`coalesce(sum(${cards.estimatedValueCents}), 0)`.mapWith(Number),
      sports: sql<string>`coalesce(string_agg(distinct ${cards.sport}, ','), '')`,
    })
    .from(cards)
    .where(mine);
}

/**
 * GET /api/registry: the whole registry's count, sum of estimates and sports, and how many cards
 * match the search and filters. Estimates only: the market values are added by the service.
 */
export async function registrySummary(db: Db, ownerId: string, f: RegistryFilter) {
  const { shape, values } = registryShape(ownerId, f);
  const [row] = await prepared(db, `registry summary ${JSON.stringify(shape)}`, () => registrySummaryQuery(db, shape)).execute(values);
  return row;
}

function marketCandidatesQuery(db: Db) {
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
        mine,
        ne(cards.grader, 'raw'),
        isNotNull(cards.cardNumber),
        isNotNull(cards.gradeValue),
        sql`exists (select 1 from ${indexConstituents} where ${indexConstituents.year} = ${cards.year} and ${indexConstituents.grader} = ${cards.grader} and ${indexConstituents.grade} = ${cards.gradeValue})`,
      ),
    );
}

/**
 * The caller's cards that might match an index constituent (decision 051): graded, numbered, and
 * sharing year, grader and grade with one. Those columns compare exactly, so this never drops a
 * card the market-index module would match; it decides the match on the rest.
 */
export function marketCandidates(db: Db, ownerId: string) {
  return prepared(db, 'registry market candidates', () => marketCandidatesQuery(db)).execute({ owner: ownerId });
}

function registryPageQuery(db: Db, s: RegistryShape, sort: RegistrySort, market: boolean) {
  const following = market ? sql`unnest(${p('followIds')}::uuid[], ${p('followValues')}::bigint[]) as following(card_id, value_cents)` : undefined;
  const value = following ? sql`coalesce(following.value_cents, ${cards.estimatedValueCents}) desc` : sql`${cards.estimatedValueCents} desc`;
  const recent = [desc(cards.createdAt), desc(cards.id)];
  const order = { recent, value: [value, ...recent], year: [asc(cards.year), value, ...recent] }[sort];
  let q = db.select(cardColumns).from(cards).$dynamic();
  if (following) q = q.leftJoin(following, sql`following.card_id = ${cards.id}`);
  return q
    .where(and(mine, registryMatching(s)))
    .orderBy(...order)
    .limit(p('limit'))
    .offset(p('offset'));
}

/**
 * GET /api/registry: one page of the caller's matching cards in full. `following` are the cards
 * counted at a market value (and that value), so the value order is what the registry shows.
 */
export function registryPage(
  db: Db,
  ownerId: string,
  f: RegistryFilter,
  input: { sort: RegistrySort; page: number; pageSize: number },
  following: readonly { id: string; valueCents: number }[],
) {
  const { shape, values } = registryShape(ownerId, f);
  // Newest first never needs the market values.
  const market = following.length > 0 && input.sort !== 'recent';
  return prepared(db, `registry page ${JSON.stringify(shape)} ${input.sort} ${market}`, () =>
    registryPageQuery(db, shape, input.sort, market),
  ).execute({
    ...values,
    followIds: pgArray(following.map((c) => c.id)),
    followValues: pgArray(following.map((c) => c.valueCents)),
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
}

export const owners = userDirectory('owners');

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
function ownerMatchQuery(db: Db, byPhone: boolean) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`${users.name} ilike ${p('name')}`, byPhone ? sql`${users.phone} like ${p('phone')}` : undefined))
    .limit(OWNER_MATCH_LIMIT);
}

export async function ownersMatching(db: Db, q: string): Promise<string[]> {
  const digits = q.replace(/\D/g, '');
  const byPhone = digits.length >= 4;
  const rows = await prepared(db, `owners matching ${byPhone}`, () => ownerMatchQuery(db, byPhone)).execute({
    name: `%${likeEscape(q)}%`,
    phone: `%${digits}%`,
  });
  return rows.map((r) => r.id);
}

/** What decides the admin list's statement text (decision 123); the values are its placeholders. */
interface AdminCardsShape {
  owner: boolean;
  custody: boolean;
  grader: boolean;
  sport: boolean;
  needsReview: boolean;
  /** With a search: by words, by matched owners, both, or neither (nothing can match). */
  search: 'none' | 'words' | 'owners' | 'both' | 'nothing';
}

function adminCardsShape(f: AdminCardsFilter, matchedOwners: string[]) {
  const q = f.q?.trim();
  const words = q ? prefixQuery(q) : null;
  const owners = matchedOwners.length > 0;
  const search = !q ? 'none' : words && owners ? 'both' : words ? 'words' : owners ? 'owners' : 'nothing';
  const shape: AdminCardsShape = {
    owner: Boolean(f.ownerId),
    custody: Boolean(f.custody),
    grader: Boolean(f.grader),
    sport: Boolean(f.sport),
    needsReview: f.needsReview !== undefined,
    search,
  };
  const values = {
    ownerId: f.ownerId,
    custody: f.custody,
    grader: f.grader,
    sport: f.sport,
    needsReview: f.needsReview,
    words,
    owners: pgArray(matchedOwners),
  };
  return { shape, values };
}

function adminCardsWhere(s: AdminCardsShape): SQL {
  const conds: (SQL | undefined)[] = [live];
  if (s.owner) conds.push(eq(cards.ownerId, p('ownerId')));
  if (s.custody) conds.push(eq(cards.custody, p('custody')));
  if (s.grader) conds.push(eq(cards.grader, p('grader')));
  if (s.sport) conds.push(eq(cards.sport, p('sport')));
  if (s.needsReview) conds.push(eq(cards.needsReview, p('needsReview')));
  const byWords = sql`${cards.search} @@ to_tsquery('simple', ${p('words')})`;
  const byOwner = sql`${cards.ownerId} = any(${p('owners')}::uuid[])`;
  if (s.search === 'both') conds.push(or(byWords, byOwner));
  if (s.search === 'words') conds.push(byWords);
  if (s.search === 'owners') conds.push(byOwner);
  if (s.search === 'nothing') conds.push(sql`false`);
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
 * One page of the admin list with the total of all matches. The page's ids and the total come
 * from the cards alone; the full rows and their owners are read for those 50 only.
 */
function adminCardsPageQuery(db: Db, s: AdminCardsShape, sort: AdminCardSort) {
  const page = db
    .select({ id: cards.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(cards)
    .where(adminCardsWhere(s))
    .orderBy(...sortBy[sort])
    .limit(ADMIN_CARDS_PAGE_SIZE)
    .offset(p('offset'))
    .as('page');
  return db
    .select({ c: cardColumns, owner: { id: owners.id, name: owners.name, phone: owners.phone }, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(cards, eq(cards.id, page.id))
    .innerJoin(owners, eq(owners.id, cards.ownerId))
    .orderBy(...sortBy[sort]);
}

/** GET /api/admin/cards: the page's rows and, when the page is past the end, the total alone. */
export async function adminCardsPage(db: Db, f: AdminCardsFilter & { sort: AdminCardSort; page: number }) {
  const q = f.q?.trim();
  const matched = q ? await ownersMatching(db, q) : [];
  const { shape, values } = adminCardsShape(f, matched);
  const rows = await prepared(db, `admin cards ${JSON.stringify(shape)} ${f.sort}`, () => adminCardsPageQuery(db, shape, f.sort)).execute({
    ...values,
    offset: (f.page - 1) * ADMIN_CARDS_PAGE_SIZE,
  });
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.page > 1) {
    const [{ n }] = await prepared(db, `admin cards count ${JSON.stringify(shape)}`, () =>
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(cards)
        .where(adminCardsWhere(shape)),
    ).execute(values);
    total = n;
  }
  return { rows, total };
}
