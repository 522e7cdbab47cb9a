import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHeldMessages } from '#common/cards.ts';
import { defaultVaultSettings, vaultMessages, type Intake, type Outtake } from '#common/vault.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { ledgerLines } from '#server/db/schema/ledger.ts';
import { invoices } from '#server/db/schema/money.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { vaultIntakeEvents, vaultOuttakeEvents } from '#server/db/schema/vault.ts';
import { createCard, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedInUser;
let casey: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Vault Desk' });
  casey = await signedInMember(t, { name: 'Casey Collector' });
  other = await signedInMember(t, { name: 'Other Member' });
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });

const address = { name: 'Casey Collector', line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'United States' };

async function card(owner: SignedInUser, overrides: Parameters<typeof createCard>[2] = {}) {
  return createCard(t, { id: owner.userId }, overrides);
}
const vaulted = (owner: SignedInUser, overrides: Parameters<typeof createCard>[2] = {}) => card(owner, { custody: 'in_vault', ...overrides });

async function cardRow(id: string) {
  const [row] = await t.db.select().from(cards).where(eq(cards.id, id));
  return row!;
}
async function eventKinds(cardId: string) {
  const rows = await t.db
    .select({ kind: cardEvents.kind, data: cardEvents.data })
    .from(cardEvents)
    .where(eq(cardEvents.cardId, cardId))
    .orderBy(cardEvents.seq);
  return rows;
}

async function pay(who: SignedInUser, invoiceId: string) {
  const open = await api(who, 'POST', '/api/checkout', { invoiceId });
  expect(open.statusCode, open.body).toBe(200);
  const sid = new URL(open.json().url, 'http://x').searchParams.get('session')!;
  const done = await api(who, 'POST', `/api/payment-test/${sid}/complete`);
  expect(done.statusCode, done.body).toBe(200);
}

const receive = (intakeId: string, cardId: string, appraisedValueCents = 1_000_000) =>
  api(admin, 'POST', `/api/admin/vault/intakes/${intakeId}/cards/${cardId}/receive`, { appraisedValueCents });

describe('vault intake', () => {
  it('answers 201 with an intake number and the vault’s shipping address, and holds the cards', async () => {
    const a = await card(casey);
    const b = await card(casey, { subject: 'Larry Bird' });
    const res = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(201);
    const intake = res.json() as Intake;
    expect(intake.number).toMatch(/^VI-\d{5}$/);
    expect(intake.status).toBe('awaiting_arrival');
    expect(intake.shippingAddress).toEqual(defaultVaultSettings.shippingAddress);
    expect(intake.items.map((i) => i.cardId).sort()).toEqual([a.id, b.id].sort());
    expect((await cardRow(a.id)).holdKind).toBe('vault_intake');
    expect((await eventKinds(a.id)).map((e) => e.kind)).toContain('vault_intake_requested');
    const history = await t.db.select().from(vaultIntakeEvents).where(eq(vaultIntakeEvents.intakeId, intake.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'awaiting_arrival']]);
  });

  it('refuses cards that are not with the member, someone else’s cards, and held cards, with the reason', async () => {
    const inVault = await vaulted(casey);
    let res = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [inVault.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(vaultMessages.notWithOwner);

    const theirs = await card(other);
    res = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [theirs.id] });
    expect(res.statusCode).toBe(404);

    const listed = await card(casey, { holdKind: 'listing', holdRef: randomUUID() });
    res = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [listed.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(cardHeldMessages.listing);

    res = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [] });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a card already in an open intake', async () => {
    const a = await card(casey);
    expect((await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] })).statusCode).toBe(201);
    const again = await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(cardHeldMessages.vault_intake);
  });

  it('gives one intake of two concurrent requests for the same card', async () => {
    const a = await card(casey);
    const [r1, r2] = await Promise.all([
      api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] }),
      api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
  });

  it('is received card by card: custody to the vault, the appraisal lending reads, a PSA re-check, the member told', async () => {
    const a = await card(casey);
    const b = await card(casey, { subject: 'Larry Bird' });
    const intake = (await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id, b.id] })).json() as Intake;

    expect((await receive(intake.id, a.id)).statusCode).toBe(200 + 0);
    // Members may not receive cards.
    expect((await api(casey, 'POST', `/api/admin/vault/intakes/${intake.id}/cards/${b.id}/receive`, { appraisedValueCents: 1 })).statusCode).toBe(
      403,
    );

    const afterOne = (await api(casey, 'GET', '/api/user/vault')).json().intakes.find((i: Intake) => i.id === intake.id) as Intake;
    expect(afterOne.status).toBe('partially_received');
    const rowA = await cardRow(a.id);
    expect(rowA.custody).toBe('in_vault');
    expect(rowA.holdKind).toBeNull();
    expect(rowA.appraisedValueCents).toBe(1_000_000);
    expect((await cardRow(b.id)).holdKind).toBe('vault_intake');
    const kinds = (await eventKinds(a.id)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['custody_changed', 'appraised', 'psa_rechecked']));

    // Cancelling after a card arrived is refused.
    const cancel = await api(casey, 'POST', `/api/user/vault/intakes/${intake.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe(vaultMessages.cancelAfterArrival);

    // The same card twice is refused.
    const twice = await receive(intake.id, a.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(vaultMessages.alreadyReceived);
    // A card not in the intake.
    expect((await receive(intake.id, (await card(casey)).id)).statusCode).toBe(404);

    const done = await receive(intake.id, b.id, 250_000);
    expect(done.json().status).toBe('received');
    const history = await t.db.select().from(vaultIntakeEvents).where(eq(vaultIntakeEvents.intakeId, intake.id)).orderBy(vaultIntakeEvents.seq);
    expect(history.map((h) => h.toStatus)).toEqual(['awaiting_arrival', 'partially_received', 'received']);

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, casey.userId), eq(notifications.kind, 'vault_updated')));
    expect(notes.filter((n) => n.title === 'Card received at the vault').length).toBeGreaterThanOrEqual(2);

    // Received: nothing more to receive.
    expect((await receive(intake.id, b.id)).statusCode).toBe(409);
  });

  it('is cancelled by the member before anything arrives, and the cards are free again', async () => {
    const a = await card(casey);
    const intake = (await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] })).json() as Intake;
    expect((await api(other, 'POST', `/api/user/vault/intakes/${intake.id}/cancel`)).statusCode).toBe(404);
    const res = await api(casey, 'POST', `/api/user/vault/intakes/${intake.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await cardRow(a.id)).holdKind).toBeNull();
    expect((await eventKinds(a.id)).map((e) => e.kind)).toContain('vault_request_cancelled');
    expect((await receive(intake.id, a.id)).statusCode).toBe(409);
  });
});

describe('vault outtake', () => {
  it('quotes 1% of each card’s value capped at $30 a card, and invoices it', async () => {
    const cheap = await vaulted(casey, { estimatedValueCents: 100_000 }); // $1,000 → $10
    const dear = await vaulted(casey, { estimatedValueCents: 5_000_000 }); // $50,000 → 1% is $500, capped at $30
    const appraised = await vaulted(casey, { estimatedValueCents: 5_000_000, appraisedValueCents: 150_000, appraisedAt: new Date() }); // appraisal: $15
    const ids = [cheap.id, dear.id, appraised.id];
    const quote = await api(casey, 'GET', `/api/user/vault/outtakes/quote?cardIds=${ids.join(',')}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().feeCents).toBe(1000 + 3000 + 1500);

    const res = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: ids, address });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json() as Outtake;
    expect(o.status).toBe('awaiting_payment');
    expect(o.feeCents).toBe(5500);
    expect(o.items.find((i) => i.cardId === dear.id)?.feeCents).toBe(3000);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, o.invoiceId!));
    expect(inv.totalCents).toBe(5500);
    expect(inv.status).toBe('sent');
    expect(inv.relatedKind).toBe('vault_outtake');
    expect(inv.userId).toBe(casey.userId);
    expect((await cardRow(dear.id)).holdKind).toBe('vault_outtake');
  });

  it('refuses listed, reserved, pledged and fund cards and cards not in the vault, with the reason', async () => {
    for (const kind of ['listing', 'loan', 'fund'] as const) {
      const held = await vaulted(casey, { holdKind: kind, holdRef: randomUUID() });
      const res = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [held.id], address });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(cardHeldMessages[kind]);
    }
    const free = await vaulted(casey);
    const pledged = await vaulted(casey, { holdKind: 'loan', holdRef: randomUUID() });
    const both = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [free.id, pledged.id], address });
    expect(both.statusCode).toBe(409);
    expect(both.json().refused).toEqual([{ cardId: pledged.id, reason: cardHeldMessages.loan }]);
    expect((await cardRow(free.id)).holdKind).toBeNull();

    const home = await card(casey);
    const res = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [home.id], address });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(vaultMessages.notInVault);

    expect((await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [(await vaulted(other)).id], address })).statusCode).toBe(404);
    const noCity = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [free.id], address: { ...address, city: '' } });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.body).toContain(vaultMessages.cityRequired);
  });

  it('takes at most 25 cards an outtake', async () => {
    const many = [];
    for (let i = 0; i < 26; i++) many.push((await vaulted(casey, { estimatedValueCents: 1000 })).id);
    const res = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: many, address });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(vaultMessages.tooManyCards(25));
    expect((await cardRow(many[0])).holdKind).toBeNull();
    const ok = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: many.slice(0, 25), address });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().feeCents).toBe(25 * 10);
  });

  it('refuses a card in an open outtake, and gives one outtake of two concurrent requests', async () => {
    const a = await vaulted(casey);
    expect((await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [a.id], address })).statusCode).toBe(201);
    const again = await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [a.id], address });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(cardHeldMessages.vault_outtake);
    // Nor can it be sent in (it is in the vault, and held).
    expect((await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [a.id] })).json().error).toBe(cardHeldMessages.vault_outtake);

    const b = await vaulted(casey);
    const [r1, r2] = await Promise.all([
      api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [b.id], address }),
      api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [b.id], address }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const invoicesForB = await t.db.select().from(invoices).where(eq(invoices.relatedKind, 'vault_outtake'));
    const ids = [r1, r2].filter((r) => r.statusCode === 201).map((r) => r.json().invoiceId);
    expect(invoicesForB.filter((i) => ids.includes(i.id))).toHaveLength(1);
  });

  it('ships only after the fee is paid, then delivers: custody in transit, then with the owner; the member told with tracking', async () => {
    const a = await vaulted(casey, { estimatedValueCents: 200_000 });
    const o = (await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [a.id], address })).json() as Outtake;
    const ship = () => api(admin, 'POST', `/api/admin/vault/outtakes/${o.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

    const early = await ship();
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(vaultMessages.notPaid);
    expect((await api(admin, 'POST', `/api/admin/vault/outtakes/${o.id}/deliver`)).statusCode).toBe(409);

    await pay(casey, o.invoiceId!);
    const paid = (await api(admin, 'GET', '/api/admin/vault')).json().outtakes.find((x: Outtake) => x.id === o.id) as Outtake;
    expect(paid.status).toBe('packing');
    expect(paid.paidAt).not.toBeNull();
    // The fee's ledger entries came with the payment: income credited for the outtake.
    const income = await t.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.relatedKind, 'vault_outtake'), eq(ledgerLines.relatedId, o.id), eq(ledgerLines.accountCode, 'fee_income')));
    expect(income.reduce((s, l) => s + Number(l.creditCents), 0)).toBe(2000);

    // Paid: no longer cancelled by the member.
    const cancel = await api(casey, 'POST', `/api/user/vault/outtakes/${o.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe(vaultMessages.cancelAfterPayment);

    expect((await api(admin, 'POST', `/api/admin/vault/outtakes/${o.id}/ship`, { carrier: '', trackingNumber: 'x' })).statusCode).toBe(400);
    const shipped = await ship();
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await cardRow(a.id)).custody).toBe('in_transit');
    expect((await ship()).statusCode).toBe(409);

    const delivered = await api(admin, 'POST', `/api/admin/vault/outtakes/${o.id}/deliver`);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().status).toBe('delivered');
    const row = await cardRow(a.id);
    expect(row.custody).toBe('with_owner');
    expect(row.holdKind).toBeNull();

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, casey.userId), eq(notifications.kind, 'vault_updated')));
    expect(notes.find((n) => n.title === 'Cards shipped')?.message).toContain('1Z999AA10123456784');
    expect(notes.some((n) => n.title === 'Cards delivered')).toBe(true);
    const history = await t.db.select().from(vaultOuttakeEvents).where(eq(vaultOuttakeEvents.outtakeId, o.id)).orderBy(vaultOuttakeEvents.seq);
    expect(history.map((h) => h.toStatus)).toEqual(['awaiting_payment', 'packing', 'shipped', 'delivered']);
    const custody = (await eventKinds(a.id)).filter((e) => e.kind === 'custody_changed').map((e) => e.data.to);
    expect(custody).toEqual(['in_transit', 'with_owner']);
  });

  it('is cancelled while unpaid: the invoice is voided and the cards let go; paying the void invoice is refused', async () => {
    const a = await vaulted(casey);
    const o = (await api(casey, 'POST', '/api/user/vault/outtakes', { cardIds: [a.id], address })).json() as Outtake;
    expect((await api(other, 'POST', `/api/user/vault/outtakes/${o.id}/cancel`)).statusCode).toBe(404);
    const res = await api(casey, 'POST', `/api/user/vault/outtakes/${o.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, o.invoiceId!));
    expect(inv.status).toBe('void');
    expect((await cardRow(a.id)).holdKind).toBeNull();
    expect((await api(casey, 'POST', '/api/checkout', { invoiceId: o.invoiceId })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('shows a member only their own intakes and outtakes; admins the queues', async () => {
    const mine = (await api(other, 'GET', '/api/user/vault')).json();
    expect(mine.intakes).toEqual([]);
    expect(mine.outtakes).toEqual([]);
    expect(mine.maxCards).toBe(25);
    expect((await api(casey, 'GET', '/api/admin/vault')).statusCode).toBe(403);
    const queues = (await api(admin, 'GET', '/api/admin/vault')).json();
    expect(queues.intakes.length).toBeGreaterThan(0);
    expect(queues.outtakes.length).toBeGreaterThan(0);
  });

  it('follows the vault settings: fee rate, cap, card limit and the intake address', async () => {
    const patch = (body: object) => api(admin, 'PATCH', '/api/admin/settings/sections/vault', body);
    const changed = await patch({
      outtakeFeeBps: 200,
      outtakeFeeCapCents: 5000,
      outtakeMaxCards: 2,
      shippingAddress: { ...address, name: 'Vault East' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const a = await vaulted(casey, { estimatedValueCents: 100_000 }); // 2% of $1,000 = $20
      const b = await vaulted(casey, { estimatedValueCents: 1_000_000 }); // 2% of $10,000 = $200, capped at $50
      const c = await vaulted(casey);
      const quote = (await api(casey, 'GET', `/api/user/vault/outtakes/quote?cardIds=${a.id},${b.id}`)).json();
      expect(quote).toMatchObject({ feeCents: 2000 + 5000, maxCards: 2 });
      const three = await api(casey, 'GET', `/api/user/vault/outtakes/quote?cardIds=${a.id},${b.id},${c.id}`);
      expect(three.statusCode).toBe(400);
      expect(three.json().error).toBe(vaultMessages.tooManyCards(2));
      const intake = (await api(casey, 'POST', '/api/user/vault/intakes', { cardIds: [(await card(casey)).id] })).json() as Intake;
      expect(intake.shippingAddress.name).toBe('Vault East');
      expect((await patch({ outtakeFeeBps: 20_000 })).statusCode).toBe(400);
    } finally {
      expect((await patch(defaultVaultSettings)).statusCode).toBe(200);
    }
  });
});
