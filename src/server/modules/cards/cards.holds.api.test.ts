import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHeldMessages, cardMessages } from '#common/cards.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { createCard, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { users } from '#server/db/schema/users.ts';
import { holdCards, moveCustody, releaseCards, transferCard } from './cards.holds.ts';
import { HOUSE_PHONE, houseAccountId } from './house-account.ts';

let t: TestApp;
let member: SignedInUser;
let buyer: SignedInUser;
const system = { actorId: null, impersonatorId: null, ip: null };

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t, { name: 'Holder' });
  buyer = await signedInMember(t, { name: 'Buyer' });
});
afterAll(async () => t?.close());

const uow = <T>(fn: Parameters<typeof inTransaction<T>>[1]) => inTransaction(t.app.ctx, fn);
const at = () => t.clock.now();
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error & { statusCode?: number }) => ({ message: e.message }),
  );
const eventsOf = async (cardId: string) =>
  (await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, cardId)).orderBy(asc(cardEvents.seq))).map((e) => e.kind).slice(1); // after the factory's `registered`

describe('card holds', () => {
  it('one claim at a time: a second domain gets the first one’s reason, and the card shows what holds it', async () => {
    const card = await createCard(t, member.user, { custody: 'in_vault' });
    const listing = randomUUID();
    await uow((u) => holdCards(u, system, { cardIds: [card.id], kind: 'listing', ref: listing, at: at(), event: { kind: 'listed' } }));
    expect(await rejection(uow((u) => holdCards(u, system, { cardIds: [card.id], kind: 'loan', ref: randomUUID(), at: at() })))).toEqual({
      message: cardHeldMessages.listing,
    });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/cards/${card.id}`, headers: member.headers })).json();
    expect(detail.hold).toBe('listing');
    expect(await eventsOf(card.id)).toEqual(['listed']);
  });

  it('refuses another owner’s card as not found and a card in the wrong custody with the given reason', async () => {
    const card = await createCard(t, member.user, { custody: 'with_owner' });
    expect(
      await rejection(
        uow((u) =>
          holdCards(u, system, { cardIds: [card.id], kind: 'sell_offer', ref: randomUUID(), at: at(), require: { ownerId: buyer.user.id } }),
        ),
      ),
    ).toEqual({ message: cardMessages.notFound });
    expect(
      await rejection(
        uow((u) =>
          holdCards(u, system, {
            cardIds: [card.id],
            kind: 'listing',
            ref: randomUUID(),
            at: at(),
            require: { custody: ['in_vault'], custodyMessage: 'Only vaulted cards' },
          }),
        ),
      ),
    ).toEqual({ message: 'Only vaulted cards' });
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0].holdKind).toBeNull();
  });

  it('a held card cannot be deleted; released, it can; releasing twice changes nothing', async () => {
    const card = await createCard(t, member.user);
    const loan = randomUUID();
    await uow((u) => holdCards(u, system, { cardIds: [card.id], kind: 'loan', ref: loan, at: at(), event: { kind: 'pledged' } }));
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/cards/${card.id}`, headers: member.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(cardMessages.deletePledged);
    const first = await uow((u) => releaseCards(u, system, { kind: 'loan', ref: loan, at: at(), event: { kind: 'released' } }));
    const again = await uow((u) => releaseCards(u, system, { kind: 'loan', ref: loan, at: at(), event: { kind: 'released' } }));
    expect([first.length, again.length]).toEqual([1, 0]);
    expect(await eventsOf(card.id)).toEqual(['pledged', 'released']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/cards/${card.id}`, headers: member.headers })).statusCode).toBe(200);
  });

  it('two holds racing for one card: exactly one wins', async () => {
    const card = await createCard(t, member.user, { custody: 'in_vault' });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        uow((u) => holdCards(u, system, { cardIds: [card.id], kind: i % 2 ? 'loan' : 'listing', ref: randomUUID(), at: at() })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a transfer moves the owner, lets go of the listing that sold it, and records both owners', async () => {
    const card = await createCard(t, member.user, { custody: 'in_vault' });
    const listing = randomUUID();
    await uow((u) => holdCards(u, system, { cardIds: [card.id], kind: 'listing', ref: listing, at: at() }));
    expect(await rejection(uow((u) => transferCard(u, system, { cardId: card.id, toOwnerId: buyer.user.id, at: at() })))).toEqual({
      message: cardHeldMessages.listing,
    });
    const moved = await uow((u) =>
      transferCard(u, system, { cardId: card.id, toOwnerId: buyer.user.id, at: at(), release: { kind: 'listing', ref: listing } }),
    );
    expect(moved).toMatchObject({ ownerId: buyer.user.id, holdKind: null, custody: 'in_vault' });
    const [event] = await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id)).orderBy(asc(cardEvents.seq)).offset(1);
    expect(event).toMatchObject({ kind: 'transferred', data: { fromOwnerId: member.user.id, toOwnerId: buyer.user.id } });
    expect((await t.app.inject({ method: 'GET', url: `/api/cards/${card.id}`, headers: member.headers })).statusCode).toBe(404);
  });

  it('moves custody along the allowed path only', async () => {
    const card = await createCard(t, member.user, { custody: 'with_owner' });
    expect((await uow((u) => moveCustody(u, system, { cardId: card.id, to: 'in_transit', at: at(), note: 'pickup' }))).custody).toBe('in_transit');
    expect(await eventsOf(card.id)).toEqual(['custody_changed']);
  });
});

describe('the house account', () => {
  it('is one user, created once even when asked at the same time, and is suspended so it can never sign in', async () => {
    const ids = await Promise.all([houseAccountId(t.db), houseAccountId(t.db), houseAccountId(t.db)]);
    expect(new Set(ids).size).toBe(1);
    const [house] = await t.db.select().from(users).where(eq(users.id, ids[0]));
    expect(house).toMatchObject({ phone: HOUSE_PHONE, status: 'suspended' });
    // Suspended: the sign-in path never texts it a code (covered in otp.api.test.ts).
  });
});
