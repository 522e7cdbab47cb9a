import { randomInt } from 'node:crypto';
import { gradeValueFromLabel } from '#common/cards.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { feeTemplates, invoices } from '#server/db/schema/money.ts';
import { hunts, sources } from '#server/db/schema/hunts.ts';
import { indexConstituents, priceObservations } from '#server/db/schema/market-index.ts';
import { users } from '#server/db/schema/users.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { eq } from 'drizzle-orm';
import { signIn, type SignedIn, type TestApp } from './harness.ts';

type User = typeof users.$inferSelect;

/**
 * Test data factories: people with phones no other test uses, and their signed-in sessions.
 * Later domains add their own (cards, listings, loans…) here.
 */

// Area codes that no hand-written test number or demo person uses (those are 212, 312, 415, 646,
// 718, 800), each with the 555 exchange, split into blocks of 1000 line numbers.
export const FACTORY_AREA_CODES = ['202', '206', '213', '303', '305', '404', '503', '512', '602', '617', '702', '713', '801', '919', '971'] as const;
export const PHONE_BLOCK_SIZE = 1000;
export const PHONE_BLOCKS = FACTORY_AREA_CODES.length * (10_000 / PHONE_BLOCK_SIZE);

/**
 * A source of unique phones: the block (the random prefix) is drawn once, then a counter walks
 * it. Two sources on different blocks never share a number, so test files that run in parallel
 * against a shared service cannot collide unless they draw the same block.
 */
export function phoneSequence(block = randomInt(PHONE_BLOCKS)) {
  if (!Number.isInteger(block) || block < 0 || block >= PHONE_BLOCKS) throw new RangeError(`no phone block ${block}`);
  const area = FACTORY_AREA_CODES[Math.floor(block / (10_000 / PHONE_BLOCK_SIZE))];
  const first = (block % (10_000 / PHONE_BLOCK_SIZE)) * PHONE_BLOCK_SIZE;
  let n = 0;
  return (): string => {
    // Wrapping round would hand out a number again: fail loudly instead.
    if (n >= PHONE_BLOCK_SIZE) throw new Error(`phone block ${block} is used up`);
    return `+1${area}555${String(first + n++).padStart(4, '0')}`;
  };
}

/** A phone (E.164) that no other call in this test file returns. */
export const uniquePhone = phoneSequence();

let nameSeq = 0;

export interface UserOptions {
  phone?: string;
  name?: string | null;
  email?: string | null;
  isAdmin?: boolean;
  isManager?: boolean;
  status?: 'active' | 'suspended';
  smsOptIn?: boolean;
  marketingOptIn?: boolean;
}

type HasDb = Pick<TestApp, 'db'>;

/** A member (no roles) with a unique phone, written straight to the database. */
export async function createUser(t: HasDb, opts: UserOptions = {}): Promise<User> {
  const [user] = await t.db
    .insert(users)
    .values({
      phone: opts.phone ?? uniquePhone(),
      name: opts.name === undefined ? `Test Person ${++nameSeq}` : opts.name,
      email: opts.email ?? null,
      isAdmin: opts.isAdmin ?? false,
      isManager: opts.isManager ?? false,
      status: opts.status ?? 'active',
      smsOptIn: opts.smsOptIn ?? true,
      marketingOptIn: opts.marketingOptIn ?? false,
    })
    .returning();
  return user;
}

export const createMember = createUser;
export const createAdmin = (t: HasDb, opts: UserOptions = {}) => createUser(t, { ...opts, isAdmin: true });
export const createManager = (t: HasDb, opts: UserOptions = {}) => createUser(t, { ...opts, isManager: true });

/** A user and a session of theirs, signed in through the real endpoints. */
export interface SignedInUser extends SignedIn {
  user: User;
  phone: string;
}

async function signedIn(t: TestApp, user: User): Promise<SignedInUser> {
  return { ...(await signIn(t, user.phone)), user, phone: user.phone };
}

export const signedInMember = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createMember(t, opts));
export const signedInAdmin = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createAdmin(t, opts));
export const signedInManager = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createManager(t, opts));

export interface InvitedClient {
  phone: string;
  /** The onboarding's id (the manager's client id). */
  id: string;
}

/** A client invited by this manager (an onboarding at pending_invitation), through the API. */
export async function createClient(
  t: TestApp,
  manager: SignedIn,
  opts: { phone?: string; name?: string; tier?: string } = {},
): Promise<InvitedClient> {
  const phone = opts.phone ?? uniquePhone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manager/clients',
    headers: manager.headers,
    payload: { phone, name: opts.name ?? 'Taylor Client', tier: opts.tier },
  });
  if (res.statusCode !== 201) throw new Error(`inviting a client answered ${res.statusCode}: ${res.body}`);
  return { phone, id: res.json().client.id };
}

/** An invited client who has signed in once (their onboarding now at tier selection). */
export async function signedInClient(t: TestApp, manager: SignedIn, opts: { phone?: string; name?: string; tier?: string } = {}) {
  const client = await createClient(t, manager, opts);
  return { ...client, session: await signIn(t, client.phone) };
}

type CardRow = typeof cards.$inferSelect;
export type CardOverrides = Partial<Omit<typeof cards.$inferInsert, 'ownerId' | 'search'>>;

let certSeq = randomInt(10_000_000, 20_000_000);

/**
 * A live card of `owner`'s, written straight to the database with its `registered` event: a PSA
 * slab with a certificate number no other call returns (numbers the fake PSA does not know).
 */
export async function createCard(t: HasDb, owner: { id: string }, overrides: CardOverrides = {}): Promise<CardRow> {
  const grader = overrides.grader ?? 'PSA';
  const grade = overrides.grade === undefined ? (grader === 'raw' ? null : 'MINT 9') : overrides.grade;
  const [card] = await t.db
    .insert(cards)
    .values({
      grader,
      certNumber: grader === 'raw' ? null : String(++certSeq),
      grade,
      gradeValue: gradeValueFromLabel(grade),
      year: 1986,
      brand: 'Fleer',
      subject: 'Michael Jordan',
      cardNumber: '57',
      sport: 'basketball',
      estimatedValueCents: 1_250_000,
      ...overrides,
      ownerId: owner.id,
    })
    .returning();
  await t.db.insert(cardEvents).values({ cardId: card.id, kind: 'registered', data: { source: 'manual' }, actorId: owner.id, at: card.createdAt });
  return card;
}

type FeeTemplateRow = typeof feeTemplates.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/** An active fee template: a $25.00 fixed line and 2.5% of the base amount unless told otherwise. */
export async function createFeeTemplate(t: HasDb, overrides: Partial<typeof feeTemplates.$inferInsert> = {}): Promise<FeeTemplateRow> {
  const [row] = await t.db
    .insert(feeTemplates)
    .values({
      name: 'Sale commission',
      appliesTo: 'sale',
      lines: [
        { type: 'fixed', label: 'Handling', amountCents: 2500 },
        { type: 'bps', label: 'Commission', basisPoints: 250 },
      ],
      ...overrides,
    })
    .returning();
  return row!;
}

/** An invoice of `member`'s written straight to the database (sent, $120.00, due in 14 days, by default). */
export async function createInvoice(
  t: HasDb,
  member: { id: string },
  overrides: Partial<Omit<typeof invoices.$inferInsert, 'userId'>> = {},
): Promise<InvoiceRow> {
  const lines = overrides.lines ?? [
    { type: 'fixed' as const, label: 'Vault storage (quarter)', amountCents: 12_000, basisPoints: null, baseCents: null },
  ];
  const total = lines.reduce((s, l) => s + l.amountCents, 0);
  const status = overrides.status ?? 'sent';
  const [row] = await t.db
    .insert(invoices)
    .values({
      lines,
      subtotalCents: total,
      totalCents: total,
      dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      sentAt: status === 'draft' ? null : new Date(),
      paidAt: status === 'paid' ? new Date() : null,
      ...overrides,
      status,
      userId: member.id,
    })
    .returning();
  return row!;
}

type HuntRow = typeof hunts.$inferSelect;
export type HuntOverrides = Partial<Omit<typeof hunts.$inferInsert, 'requesterId'>>;

/** A hunt of `requester`'s, written straight to the database; `status: 'active'` also stamps its approval. */
export async function createHunt(t: HasDb, requester: { id: string }, overrides: HuntOverrides = {}): Promise<HuntRow> {
  const status = overrides.status ?? 'pending';
  const [hunt] = await t.db
    .insert(hunts)
    .values({
      sport: 'baseball',
      player: 'Ken Griffey Jr.',
      year: 1989,
      set: 'Upper Deck',
      grader: 'PSA',
      minGrade: 8,
      maxBudgetCents: 250_000,
      approvedAt: status === 'pending' ? null : new Date(),
      ...overrides,
      status,
      requesterId: requester.id,
    })
    .returning();
  return hunt;
}

type SourceRow = typeof sources.$inferSelect;

/** An offer of `responder`'s on a hunt: a hand-described card unless a cardId is given. */
export async function createSource(
  t: HasDb,
  hunt: { id: string },
  responder: { id: string },
  overrides: Partial<Omit<typeof sources.$inferInsert, 'huntId' | 'responderId'>> = {},
): Promise<SourceRow> {
  const status = overrides.status ?? 'pending';
  const [source] = await t.db
    .insert(sources)
    .values({
      description: overrides.cardId ? null : '1989 Upper Deck Ken Griffey Jr. PSA 9',
      askingPriceCents: 200_000,
      approvedAt: status === 'pending' ? null : new Date(),
      ...overrides,
      status,
      huntId: hunt.id,
      responderId: responder.id,
    })
    .returning();
  return source;
}

let constituentSeq = 0;
/** An index constituent (a distinct card number each call unless given), written straight to the database. */
export async function createConstituent(t: HasDb, overrides: Partial<typeof indexConstituents.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(indexConstituents)
    .values({
      player: 'Michael Jordan',
      year: 1986,
      set: 'Fleer',
      cardNumber: `T${++constituentSeq}`,
      grader: 'PSA',
      grade: 9,
      sport: 'basketball',
      ...overrides,
    })
    .returning();
  return row;
}

/** Sales of a constituent: `[day, cents]` pairs, each from its own source so none is a duplicate. */
export async function addObservations(t: HasDb, constituentId: string, sales: [string, number][]) {
  if (!sales.length) return;
  await t.db.insert(priceObservations).values(
    sales.map(([observedOn, priceCents], i) => ({
      constituentId,
      observedOn,
      priceCents,
      source: 'Test',
      saleRef: `t-${i}`,
      dedupeKey: `${observedOn}|test|ref:t-${i}`,
    })),
  );
}

type ListingRow = typeof listings.$inferSelect;

/**
 * An active listing of a vaulted card, held by the listing (decision 022): a house card (owned by
 * the house account) unless `seller` is given, then that member's own card.
 */
export async function createListing(
  t: HasDb,
  opts: { seller?: { id: string }; priceCents?: number; card?: CardOverrides; featuredUntil?: Date | null } = {},
): Promise<ListingRow & { card: CardRow }> {
  const owner = opts.seller ?? { id: await houseAccountId(t.db) };
  const card = await createCard(t, owner, { custody: 'in_vault', ...opts.card });
  const [listing] = await t.db
    .insert(listings)
    .values({ cardId: card.id, sellerId: opts.seller?.id ?? null, priceCents: opts.priceCents ?? 500_000, featuredUntil: opts.featuredUntil ?? null })
    .returning();
  const [held] = await t.db.update(cards).set({ holdKind: 'listing', holdRef: listing.id }).where(eq(cards.id, card.id)).returning();
  return { ...listing, card: held };
}
