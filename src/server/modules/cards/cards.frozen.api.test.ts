import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHoldKinds, cardLockedMessages, cardMessages, type CardDetail } from '#common/cards.ts';
import type { ListingDetail } from '#common/marketplace.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { createCard, createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// Decision 128: while a card is held, its identity and value are frozen for its owner; an admin
// corrects them with a reason, recorded in the provenance and the audit log.
let t: TestApp;
let owner: SignedInUser;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  owner = await signedInMember(t, { name: 'Frozen Owner' });
  buyer = await signedInMember(t, { name: 'Frozen Buyer' });
  admin = await signedInAdmin(t, { name: 'Vault Desk' });
});
afterAll(async () => t?.close());

const api = (who: SignedInUser, method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });
const eventsOf = async (cardId: string) =>
  (await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, cardId)).orderBy(asc(cardEvents.seq))).slice(1);
const stored = async (cardId: string) => (await t.db.select().from(cards).where(eq(cards.id, cardId)))[0];

describe('a held card is frozen for its owner', () => {
  it('refuses a listed card’s new grade, player, grader, certificate or estimate with 409 and the reason, and changes nothing', async () => {
    const listing = await createListing(t, { seller: owner.user, card: { estimatedValueCents: 400_000 } });
    for (const patch of [
      { grade: 'GEM MT 10' },
      { subject: 'Someone Else' },
      { grader: 'BGS' },
      { certNumber: '99999991' },
      { estimatedValueCents: 9_000_000 },
      { year: 1990, brand: 'Topps' },
    ]) {
      const res = await api(owner, 'PATCH', `/api/cards/${listing.cardId}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(409);
      expect(res.json().error).toBe('This card is listed for sale: its grade and value are locked until the listing ends');
    }
    const after = await stored(listing.cardId);
    expect(after).toMatchObject({ grade: 'MINT 9', subject: 'Michael Jordan', grader: 'PSA', estimatedValueCents: 400_000, year: 1986 });
    expect(await eventsOf(listing.cardId)).toEqual([]);

    // What buyers see is what was listed.
    const seen = (await api(buyer, 'GET', `/api/listings/${listing.id}`)).json<ListingDetail>();
    expect(seen.card).toMatchObject({ grade: 'MINT 9', subject: 'Michael Jordan' });
  });

  it('still lets the owner re-file its sport, and sending a locked field unchanged is no change', async () => {
    const listing = await createListing(t, { seller: owner.user });
    const res = await api(owner, 'PATCH', `/api/cards/${listing.cardId}`, {
      sport: 'other',
      grade: 'MINT 9',
      estimatedValueCents: listing.card.estimatedValueCents,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sport: 'other', grade: 'MINT 9' });
  });

  it('gives each kind of hold its own reason, and pinning or following the market is refused too', async () => {
    for (const kind of cardHoldKinds) {
      const card = await createCard(t, owner.user, { custody: 'in_vault', holdKind: kind, holdRef: crypto.randomUUID() });
      const res = await api(owner, 'PATCH', `/api/cards/${card.id}`, { estimatedValueCents: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(cardLockedMessages[kind]);
      const pin = await api(owner, 'PUT', `/api/cards/${card.id}/pinned-estimate`, { estimatedValueCents: 5_000_000 });
      expect(pin.statusCode).toBe(409);
      expect(pin.json().error).toBe(cardLockedMessages[kind]);
    }
    const pinned = await createCard(t, owner.user, { holdKind: 'loan', holdRef: crypto.randomUUID(), estimatePinned: true });
    expect((await api(owner, 'DELETE', `/api/cards/${pinned.id}/pinned-estimate`)).statusCode).toBe(409);
    expect((await stored(pinned.id)).estimatePinned).toBe(true);
  });

  it('a free card stays fully editable by its owner', async () => {
    const card = await createCard(t, owner.user);
    const res = await api(owner, 'PATCH', `/api/cards/${card.id}`, { grade: 'GEM MT 10', estimatedValueCents: 2_000_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ grade: 'GEM MT 10', gradeValue: 10, estimatedValueCents: 2_000_000 });
  });
});

describe('an admin correction', () => {
  it('corrects a listed card with a reason: buyers see the corrected words, the provenance says corrected, the audit log has it', async () => {
    const listing = await createListing(t, { seller: owner.user, card: { grade: 'GEM MT 10', estimatedValueCents: 900_000 } });
    const res = await api(admin, 'PATCH', `/api/admin/cards/${listing.cardId}`, {
      grade: 'MINT 9',
      estimatedValueCents: 300_000,
      reason: 'The slab in the vault reads MINT 9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<CardDetail>();
    expect(detail).toMatchObject({ grade: 'MINT 9', gradeValue: 9, estimatedValueCents: 300_000, hold: 'listing' });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'corrected',
      actor: { id: admin.userId },
      data: {
        reason: 'The slab in the vault reads MINT 9',
        changes: { grade: { from: 'GEM MT 10', to: 'MINT 9' }, gradeValue: { from: 10, to: 9 }, estimatedValueCents: { from: 900_000, to: 300_000 } },
      },
    });
    const seen = (await api(buyer, 'GET', `/api/listings/${listing.id}`)).json<ListingDetail>();
    expect(seen.card).toMatchObject({ grade: 'MINT 9', gradeValue: 9 });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, listing.cardId));
    expect(row).toMatchObject({
      action: 'card.corrected',
      actorId: admin.userId,
      data: { fields: ['grade', 'gradeValue', 'estimatedValueCents'], reason: 'The slab in the vault reads MINT 9', hold: 'listing' },
    });
    // The hold is untouched: the listing still holds the card.
    expect(await stored(listing.cardId)).toMatchObject({ holdKind: 'listing', holdRef: listing.id });
  });

  it('is for admins only, needs a reason and a change, and keeps the card rules', async () => {
    const card = await createCard(t, owner.user, { holdKind: 'listing', holdRef: crypto.randomUUID() });
    expect((await api(owner, 'PATCH', `/api/admin/cards/${card.id}`, { grade: 'MINT 9', reason: 'mine' })).statusCode).toBe(403);
    const noReason = await api(admin, 'PATCH', `/api/admin/cards/${card.id}`, { grade: 'NM-MT 8' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual([cardMessages.correctionReason]);
    expect((await api(admin, 'PATCH', `/api/admin/cards/${card.id}`, { reason: 'Nothing' })).statusCode).toBe(400);
    expect((await api(admin, 'PATCH', `/api/admin/cards/${card.id}`, { grade: 'MINT 9', reason: 'Same' })).statusCode).toBe(400);
    const raw = await api(admin, 'PATCH', `/api/admin/cards/${card.id}`, { grader: 'raw', reason: 'Not a slab' });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().fieldErrors.certNumber).toEqual([cardMessages.rawHasNoCert]);
    expect((await api(admin, 'PATCH', `/api/admin/cards/${crypto.randomUUID()}`, { grade: 'MINT 9', reason: 'Gone' })).statusCode).toBe(404);
  });

  it('records an appraisal (value, day, admin) in the card, its provenance and the audit log', async () => {
    const card = await createCard(t, owner.user, { custody: 'in_vault' });
    expect((await api(owner, 'PUT', `/api/admin/cards/${card.id}/appraisal`, { valueCents: 100 })).statusCode).toBe(403);
    expect((await api(admin, 'PUT', `/api/admin/cards/${card.id}/appraisal`, { valueCents: 0 })).statusCode).toBe(400);
    const res = await api(admin, 'PUT', `/api/admin/cards/${card.id}/appraisal`, { valueCents: 725_000, note: 'Centring off; comps at $7,250' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<CardDetail>();
    expect(detail.appraisal).toEqual({ valueCents: 725_000, at: t.clock.now().toISOString(), byId: admin.userId });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'appraised',
      data: { valueCents: 725_000, previousCents: null, note: 'Centring off; comps at $7,250' },
    });
    // The member's own estimate is theirs: an appraisal does not overwrite it.
    expect(detail.estimatedValueCents).toBe(card.estimatedValueCents);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, card.id));
    expect(row).toMatchObject({ action: 'card.appraised', actorId: admin.userId });
    // The owner sees it on their card too.
    expect((await api(owner, 'GET', `/api/cards/${card.id}`)).json<CardDetail>().appraisal?.valueCents).toBe(725_000);
  });
});
