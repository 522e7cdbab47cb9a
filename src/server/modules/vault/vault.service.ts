import { and, asc, desc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { addDays, utcDay } from '#common/lending.ts';
import {
  intakeNumber,
  openIntakeStatuses,
  openOuttakeStatuses,
  outtakeCardFee,
  outtakeNumber,
  vaultCardTitle,
  vaultMessages,
  type AdminVaultResponse,
  type CreateOuttakeInput,
  type Intake,
  type MyVaultResponse,
  type Outtake,
  type OuttakeQuote,
  type ReceiveCardInput,
  type ShipOuttakeInput,
  type VaultSettings,
} from '#common/vault.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { vaultIntakeItems, vaultIntakes, vaultOuttakeItems, vaultOuttakes } from '#server/db/schema/vault.ts';
import { AppError, notFound } from '#server/errors.ts';
import { auditBy } from '#server/lib/audit.ts';
import { inTransaction, transition, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import {
  cardDirectory,
  type CardRow,
  holdCards,
  holdRefusal,
  lockCards,
  moveCustody,
  recheckAfterCustodyChange,
  recordAppraisal,
  releaseCards,
} from '#server/modules/cards/index.ts';
import { createInvoiceIn, invoiceAggregate, type InvoicePaidEvent, lockInvoiceStatus } from '#server/modules/money/index.ts';
import { getSetting } from '#server/modules/settings/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { intakeAggregate, type IntakeRow, outtakeAggregate, type OuttakeRow, recordIntakeHistory, recordOuttakeHistory } from './vault.aggregates.ts';
import { cardReceived } from './vault.notifications.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log' | 'settingsCache'>;
/** Receipt, shipment and delivery re-check PSA, which needs the whole context (providers). */
type FullCtx = AppContext;
type Log = { warn: (o: object, m: string) => void };

const cards = cardDirectory('cards');
const owners = userDirectory('owners');
const SYSTEM: TransitionActor = { user: null, impersonatorId: null, ip: null };
/** How long the member has to pay the outtake fee. */
const OUTTAKE_INVOICE_DAYS = 7;
/** Closed intakes and outtakes stay in the admin queues this long. */
const RECENT_MS = 30 * 86_400_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const transitionActor = (actor: SignedInActor): TransitionActor => ({ user: actor.user, impersonatorId: actor.impersonatorId, ip: actor.ip });

const vaultSettings = (ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'settingsCache'>>) => getSetting(ctx, 'vault');

/** What a card is worth for the fee: our team's appraisal, else the owner's estimate. */
const cardValue = (c: Pick<CardRow, 'appraisedValueCents' | 'estimatedValueCents'>) => c.appraisedValueCents ?? c.estimatedValueCents;

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

const cardFields = {
  cardId: cards.id,
  year: cards.year,
  brand: cards.brand,
  subject: cards.subject,
  grader: cards.grader,
  grade: cards.grade,
  certNumber: cards.certNumber,
  custody: cards.custody,
};
type CardFields = { year: number; brand: string; subject: string; grader: string; grade: string | null };
const vaultCard = <T extends CardFields & { cardId: string; certNumber: string | null; custody: Intake['items'][number]['custody'] }>(r: T) => ({
  cardId: r.cardId,
  title: vaultCardTitle(r),
  grader: r.grader,
  grade: r.grade,
  certNumber: r.certNumber,
  custody: r.custody,
});

async function loadIntakes(db: Db, where: SQL | undefined, settings: VaultSettings): Promise<Intake[]> {
  const rows = await db
    .select({ i: vaultIntakes, ownerName: owners.name })
    .from(vaultIntakes)
    .leftJoin(owners, eq(owners.id, vaultIntakes.ownerId))
    .where(where)
    .orderBy(desc(vaultIntakes.createdAt), desc(vaultIntakes.number))
    .limit(200);
  if (!rows.length) return [];
  const items = await db
    .select({ item: vaultIntakeItems, ...cardFields })
    .from(vaultIntakeItems)
    .innerJoin(cards, eq(cards.id, vaultIntakeItems.cardId))
    .where(
      inArray(
        vaultIntakeItems.intakeId,
        rows.map((r) => r.i.id),
      ),
    )
    .orderBy(asc(cards.year), asc(cards.subject), asc(cards.id));
  return rows.map(({ i, ownerName }) => ({
    id: i.id,
    number: intakeNumber(i.number),
    status: i.status,
    ownerId: i.ownerId,
    ownerName,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    shippingAddress: settings.shippingAddress,
    items: items
      .filter((x) => x.item.intakeId === i.id)
      .map((x) => ({ ...vaultCard(x), receivedAt: x.item.receivedAt?.toISOString() ?? null, appraisedValueCents: x.item.appraisedValueCents })),
  }));
}

async function loadOuttakes(db: Db, where: SQL | undefined): Promise<Outtake[]> {
  const rows = await db
    .select({ o: vaultOuttakes, ownerName: owners.name })
    .from(vaultOuttakes)
    .leftJoin(owners, eq(owners.id, vaultOuttakes.ownerId))
    .where(where)
    .orderBy(desc(vaultOuttakes.createdAt), desc(vaultOuttakes.number))
    .limit(200);
  if (!rows.length) return [];
  const items = await db
    .select({ item: vaultOuttakeItems, ...cardFields })
    .from(vaultOuttakeItems)
    .innerJoin(cards, eq(cards.id, vaultOuttakeItems.cardId))
    .where(
      inArray(
        vaultOuttakeItems.outtakeId,
        rows.map((r) => r.o.id),
      ),
    )
    .orderBy(asc(cards.year), asc(cards.subject), asc(cards.id));
  return rows.map(({ o, ownerName }) => ({
    id: o.id,
    number: outtakeNumber(o.number),
    status: o.status,
    ownerId: o.ownerId,
    ownerName,
    feeCents: o.feeCents,
    invoiceId: o.invoiceId,
    address: o.address,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: items.filter((x) => x.item.outtakeId === o.id).map((x) => ({ ...vaultCard(x), valueCents: x.item.valueCents, feeCents: x.item.feeCents })),
  }));
}

async function oneIntake(ctx: Ctx, id: string): Promise<Intake> {
  const [intake] = await loadIntakes(ctx.db, eq(vaultIntakes.id, id), await vaultSettings(ctx));
  if (!intake) throw notFound(vaultMessages.intakeNotFound);
  return intake;
}

async function oneOuttake(ctx: Ctx, id: string): Promise<Outtake> {
  const [outtake] = await loadOuttakes(ctx.db, eq(vaultOuttakes.id, id));
  if (!outtake) throw notFound(vaultMessages.outtakeNotFound);
  return outtake;
}

/** GET /api/user/vault: the caller's intakes and outtakes, the vault's address and the fee terms. */
export async function myVault(ctx: Ctx, actor: SignedInActor): Promise<MyVaultResponse> {
  const settings = await vaultSettings(ctx);
  return {
    shippingAddress: settings.shippingAddress,
    feeBps: settings.outtakeFeeBps,
    capCents: settings.outtakeFeeCapCents,
    maxCards: settings.outtakeMaxCards,
    intakes: await loadIntakes(ctx.db, eq(vaultIntakes.ownerId, actor.user.id), settings),
    outtakes: await loadOuttakes(ctx.db, eq(vaultOuttakes.ownerId, actor.user.id)),
  };
}

/** GET /api/admin/vault: every open intake and outtake, and those closed in the last 30 days. */
export async function adminVault(ctx: Ctx): Promise<AdminVaultResponse> {
  const since = new Date(ctx.clock.now().getTime() - RECENT_MS);
  const settings = await vaultSettings(ctx);
  return {
    intakes: await loadIntakes(ctx.db, or(inArray(vaultIntakes.status, [...openIntakeStatuses]), gt(vaultIntakes.updatedAt, since)), settings),
    outtakes: await loadOuttakes(ctx.db, or(inArray(vaultOuttakes.status, [...openOuttakeStatuses]), gt(vaultOuttakes.updatedAt, since))),
  };
}

// ------------------------------------------------------------------------------------------------
// Refusals
// ------------------------------------------------------------------------------------------------

/**
 * Locks the cards (id order) and refuses, with every card's reason, any that is not the caller's,
 * is held (listed, reserved, pledged, in a fund, already in a vault request) or is in the wrong
 * custody. The holds then serialise racing requests: of two for one card, one wins.
 */
async function lockFreeCards(tx: Db, actor: SignedInActor, cardIds: readonly string[], custody: 'with_owner' | 'in_vault'): Promise<CardRow[]> {
  const rows = await lockCards(tx, cardIds);
  const require = {
    ownerId: actor.user.id,
    custody: [custody] as const,
    custodyMessage: custody === 'with_owner' ? vaultMessages.notWithOwner : vaultMessages.notInVault,
  };
  const refused = rows.map((r) => ({ cardId: r.id, reason: holdRefusal(r, require) })).filter((r) => r.reason !== null);
  // Someone else's card is "not found", as everywhere else.
  const missing = refused.find((r) => r.reason === 'Card not found');
  if (missing) throw notFound(missing.reason!);
  if (refused.length) throw new AppError('conflict', refused[0].reason!, { extra: { refused } });
  return rows;
}

const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

// ------------------------------------------------------------------------------------------------
// Intake
// ------------------------------------------------------------------------------------------------

/** POST /api/user/vault/intakes: the cards (with the member) the member is sending to the vault. */
export async function createIntake(ctx: Ctx, actor: SignedInActor, input: { cardIds: readonly string[]; log?: Log }): Promise<Intake> {
  const now = ctx.clock.now();
  const cardIds = uniqueIds(input.cardIds);
  const id = await inTransaction(ctx, async (uow) => {
    await lockFreeCards(uow.tx, actor, cardIds, 'with_owner');
    const [row] = await uow.tx.insert(vaultIntakes).values({ ownerId: actor.user.id, createdAt: now, updatedAt: now }).returning();
    const by = auditBy(actor);
    await holdCards(uow, by, {
      cardIds,
      kind: 'vault_intake',
      ref: row.id,
      at: now,
      event: { kind: 'vault_intake_requested', data: { number: intakeNumber(row.number) } },
      require: { ownerId: actor.user.id, custody: ['with_owner'], custodyMessage: vaultMessages.notWithOwner },
      log: input.log,
    });
    await uow.tx.insert(vaultIntakeItems).values(cardIds.map((cardId) => ({ intakeId: row.id, cardId })));
    await recordIntakeHistory(uow.tx, { id: row.id, from: null, to: row.status, actorId: actor.user.id, at: now });
    return row.id;
  });
  return oneIntake(ctx, id);
}

async function lockIntake(tx: Db, id: string, ownerId?: string): Promise<IntakeRow> {
  const [row] = await tx
    .select()
    .from(vaultIntakes)
    .where(and(eq(vaultIntakes.id, id), ownerId ? eq(vaultIntakes.ownerId, ownerId) : undefined))
    .for('update');
  if (!row) throw notFound(vaultMessages.intakeNotFound);
  return row;
}

/** POST /api/user/vault/intakes/{id}/cancel: only before any card has arrived; the cards are let go. */
export async function cancelIntake(ctx: Ctx, actor: SignedInActor, input: { id: string; log?: Log }): Promise<Intake> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const row = await lockIntake(uow.tx, input.id, actor.user.id);
    if (row.status === 'partially_received' || row.status === 'received') throw new AppError('conflict', vaultMessages.cancelAfterArrival);
    await transition(uow, intakeAggregate, { id: row.id, from: 'awaiting_arrival', to: 'cancelled', actor: transitionActor(actor), now });
    await releaseCards(uow, auditBy(actor), {
      kind: 'vault_intake',
      ref: row.id,
      at: now,
      event: { kind: 'vault_request_cancelled', data: { number: intakeNumber(row.number) } },
      log: input.log,
    });
  });
  return oneIntake(ctx, input.id);
}

/**
 * POST /api/admin/vault/intakes/{id}/cards/{cardId}/receive: one card is in the vault. Its custody
 * moves to the vault, our team's appraisal is recorded where lending's loan cap reads it (the
 * card's appraisal), the intake moves on, and the member hears of it; PSA is re-checked after.
 */
export async function receiveIntakeCard(
  ctx: FullCtx,
  actor: SignedInActor,
  input: { id: string; cardId: string; receipt: ReceiveCardInput; log?: Log },
): Promise<Intake> {
  const now = ctx.clock.now();
  const by = auditBy(actor);
  const moved = await inTransaction(ctx, async (uow) => {
    const row = await lockIntake(uow.tx, input.id);
    if (row.status !== 'awaiting_arrival' && row.status !== 'partially_received')
      throw new AppError('conflict', vaultMessages.intakeStale(row.status));
    const items = await uow.tx.select().from(vaultIntakeItems).where(eq(vaultIntakeItems.intakeId, row.id));
    const item = items.find((i) => i.cardId === input.cardId);
    if (!item) throw notFound(vaultMessages.notInIntake);
    if (item.receivedAt) throw new AppError('conflict', vaultMessages.alreadyReceived);
    const number = intakeNumber(row.number);
    await releaseCards(uow, by, { kind: 'vault_intake', ref: row.id, cardIds: [input.cardId], at: now, log: input.log });
    const card = await moveCustody(uow, by, {
      cardId: input.cardId,
      to: 'in_vault',
      at: now,
      note: `Received at the vault (intake ${number})`,
      log: input.log,
    });
    const appraised = await recordAppraisal(uow, by, {
      cardId: input.cardId,
      valueCents: input.receipt.appraisedValueCents,
      note: input.receipt.note?.trim() || `Appraised on receipt (intake ${number})`,
      at: now,
      log: input.log,
    });
    await uow.tx
      .update(vaultIntakeItems)
      .set({ receivedAt: now, receivedById: actor.user.id, appraisedValueCents: input.receipt.appraisedValueCents })
      .where(and(eq(vaultIntakeItems.intakeId, row.id), eq(vaultIntakeItems.cardId, input.cardId)));
    const left = items.filter((i) => !i.receivedAt && i.cardId !== input.cardId).length;
    const to = left === 0 ? 'received' : 'partially_received';
    if (to !== row.status)
      await transition(uow, intakeAggregate, {
        id: row.id,
        from: row.status,
        to,
        actor: transitionActor(actor),
        now,
        data: { cardId: input.cardId },
      });
    await cardReceived(uow, row, { title: vaultCardTitle(card) }, now);
    return appraised;
  });
  await recheckAfterCustodyChange(ctx, by, { card: moved, log: input.log });
  return oneIntake(ctx, input.id);
}

// ------------------------------------------------------------------------------------------------
// Outtake
// ------------------------------------------------------------------------------------------------

function refuseTooMany(count: number, settings: VaultSettings) {
  if (count > settings.outtakeMaxCards) {
    const msg = vaultMessages.tooManyCards(settings.outtakeMaxCards);
    throw new AppError('bad_request', msg, { fieldErrors: { cardIds: [msg] } });
  }
}

function quoteOf(rows: readonly CardRow[], settings: VaultSettings): OuttakeQuote {
  const items = rows.map((r) => {
    const valueCents = cardValue(r);
    return { cardId: r.id, title: vaultCardTitle(r), valueCents, feeCents: outtakeCardFee(valueCents, settings) };
  });
  return {
    feeCents: items.reduce((s, i) => s + i.feeCents, 0),
    feeBps: settings.outtakeFeeBps,
    capCents: settings.outtakeFeeCapCents,
    maxCards: settings.outtakeMaxCards,
    items,
  };
}

/** GET /api/user/vault/outtakes/quote: the fee for taking these vaulted cards out, and any refusal. */
export async function quoteOuttake(ctx: Ctx, actor: SignedInActor, input: { cardIds: readonly string[] }): Promise<OuttakeQuote> {
  const settings = await vaultSettings(ctx);
  const cardIds = uniqueIds(input.cardIds);
  refuseTooMany(cardIds.length, settings);
  // Locked only for the check, in a transaction that ends at once.
  const rows = await ctx.db.transaction((tx) => lockFreeCards(tx, actor, cardIds, 'in_vault'));
  return quoteOf(rows, settings);
}

/**
 * POST /api/user/vault/outtakes: the cards are held for the outtake, the fee is quoted (per card,
 * capped) and invoiced at once; paying it starts the packing.
 */
export async function createOuttake(ctx: Ctx, actor: SignedInActor, input: { outtake: CreateOuttakeInput; log?: Log }): Promise<Outtake> {
  const now = ctx.clock.now();
  const settings = await vaultSettings(ctx);
  const cardIds = uniqueIds(input.outtake.cardIds);
  refuseTooMany(cardIds.length, settings);
  const { line2, ...address } = input.outtake.address;
  const id = await inTransaction(ctx, async (uow) => {
    const rows = await lockFreeCards(uow.tx, actor, cardIds, 'in_vault');
    const quote = quoteOf(rows, settings);
    const [row] = await uow.tx
      .insert(vaultOuttakes)
      .values({ ownerId: actor.user.id, feeCents: quote.feeCents, address: line2 ? { ...address, line2 } : address, createdAt: now, updatedAt: now })
      .returning();
    const number = outtakeNumber(row.number);
    const by = auditBy(actor);
    await holdCards(uow, by, {
      cardIds,
      kind: 'vault_outtake',
      ref: row.id,
      at: now,
      event: { kind: 'vault_outtake_requested', data: { number } },
      require: { ownerId: actor.user.id, custody: ['in_vault'], custodyMessage: vaultMessages.notInVault },
      log: input.log,
    });
    await uow.tx
      .insert(vaultOuttakeItems)
      .values(quote.items.map((i) => ({ outtakeId: row.id, cardId: i.cardId, valueCents: i.valueCents, feeCents: i.feeCents })));
    await recordOuttakeHistory(uow.tx, { id: row.id, from: null, to: row.status, actorId: actor.user.id, at: now });
    const tActor = transitionActor(actor);
    if (quote.feeCents === 0) {
      // Nothing to pay: straight to packing.
      await transition(uow, outtakeAggregate, {
        id: row.id,
        from: 'awaiting_payment',
        to: 'packing',
        actor: tActor,
        now,
        patch: { paidAt: now },
        data: { note: 'No fee' },
      });
      return row.id;
    }
    const invoice = await createInvoiceIn(uow, tActor, {
      userId: actor.user.id,
      lines: quote.items
        .filter((i) => i.feeCents > 0)
        .map((i) => ({ type: 'fixed' as const, label: `Vault outtake ${number}: ${i.title}`.slice(0, 200), amountCents: i.feeCents })),
      dueDate: addDays(utcDay(now), OUTTAKE_INVOICE_DAYS),
      related: { kind: 'vault_outtake', id: row.id },
      notes: `Shipping ${rows.length} card${rows.length === 1 ? '' : 's'} from the vault to ${address.name}`,
      send: true,
      now,
    });
    await uow.tx.update(vaultOuttakes).set({ invoiceId: invoice.id }).where(eq(vaultOuttakes.id, row.id));
    return row.id;
  });
  return oneOuttake(ctx, id);
}

/** Settlement of the fee invoice (in its transaction): the outtake goes to packing. */
export async function outtakeInvoicePaid(uow: UnitOfWork, e: InvoicePaidEvent) {
  const inv = e.invoice;
  if (!inv.relatedId || !UUID.test(inv.relatedId)) return;
  const [row] = await uow.tx.select().from(vaultOuttakes).where(eq(vaultOuttakes.id, inv.relatedId)).for('update');
  if (!row || row.invoiceId !== inv.id || row.status !== 'awaiting_payment') return;
  await transition(uow, outtakeAggregate, {
    id: row.id,
    from: 'awaiting_payment',
    to: 'packing',
    actor: SYSTEM,
    now: e.now,
    patch: { paidAt: e.now },
    data: { note: `Fee paid (${inv.number})` },
  });
}

async function lockOuttake(tx: Db, id: string, ownerId?: string): Promise<OuttakeRow> {
  const [row] = await tx
    .select()
    .from(vaultOuttakes)
    .where(and(eq(vaultOuttakes.id, id), ownerId ? eq(vaultOuttakes.ownerId, ownerId) : undefined))
    .for('update');
  if (!row) throw notFound(vaultMessages.outtakeNotFound);
  return row;
}

/** POST /api/user/vault/outtakes/{id}/cancel: only while the fee is unpaid; the invoice is voided and the cards let go. */
export async function cancelOuttake(ctx: Ctx, actor: SignedInActor, input: { id: string; log?: Log }): Promise<Outtake> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [peek] = await uow.tx
      .select({ invoiceId: vaultOuttakes.invoiceId })
      .from(vaultOuttakes)
      .where(and(eq(vaultOuttakes.id, input.id), eq(vaultOuttakes.ownerId, actor.user.id)));
    if (!peek) throw notFound(vaultMessages.outtakeNotFound);
    // The invoice first, then the outtake: the order settlement locks them in.
    const invoiceStatus = peek.invoiceId ? await lockInvoiceStatus(uow.tx, { id: peek.invoiceId }) : null;
    const row = await lockOuttake(uow.tx, input.id, actor.user.id);
    if (invoiceStatus === 'paid' || row.status !== 'awaiting_payment') {
      throw new AppError('conflict', row.status === 'cancelled' ? vaultMessages.outtakeStale(row.status) : vaultMessages.cancelAfterPayment);
    }
    const tActor = transitionActor(actor);
    await transition(uow, outtakeAggregate, { id: row.id, from: 'awaiting_payment', to: 'cancelled', actor: tActor, now });
    if (row.invoiceId && (invoiceStatus === 'sent' || invoiceStatus === 'draft')) {
      const reason = `Vault outtake ${outtakeNumber(row.number)} cancelled`;
      await transition(
        uow,
        { ...invoiceAggregate, announce: undefined },
        { id: row.invoiceId, from: invoiceStatus, to: 'void', actor: tActor, now, patch: { voidReason: reason }, data: { reason } },
      );
    }
    await releaseCards(uow, auditBy(actor), {
      kind: 'vault_outtake',
      ref: row.id,
      at: now,
      event: { kind: 'vault_request_cancelled', data: { number: outtakeNumber(row.number) } },
      log: input.log,
    });
  });
  return oneOuttake(ctx, input.id);
}

/** The outtake's cards, in id order (the order the holds lock them in). */
async function outtakeCardIds(tx: Db, id: string): Promise<string[]> {
  const rows = await tx.select({ cardId: vaultOuttakeItems.cardId }).from(vaultOuttakeItems).where(eq(vaultOuttakeItems.outtakeId, id));
  return rows.map((r) => r.cardId).sort();
}

/** POST /api/admin/vault/outtakes/{id}/ship: packed and handed to the carrier; only after the fee is paid. */
export async function shipOuttake(
  ctx: FullCtx,
  actor: SignedInActor,
  input: { id: string; shipment: ShipOuttakeInput; log?: Log },
): Promise<Outtake> {
  const now = ctx.clock.now();
  const by = auditBy(actor);
  const { carrier, trackingNumber } = input.shipment;
  const moved = await inTransaction(ctx, async (uow) => {
    const row = await lockOuttake(uow.tx, input.id);
    if (row.status === 'awaiting_payment') throw new AppError('conflict', vaultMessages.notPaid);
    if (row.status !== 'packing') throw new AppError('conflict', vaultMessages.outtakeStale(row.status));
    const number = outtakeNumber(row.number);
    const out: CardRow[] = [];
    for (const cardId of await outtakeCardIds(uow.tx, row.id)) {
      out.push(
        await moveCustody(uow, by, {
          cardId,
          to: 'in_transit',
          at: now,
          note: `Shipped by ${carrier}, tracking ${trackingNumber} (outtake ${number})`,
          log: input.log,
        }),
      );
    }
    await transition(uow, outtakeAggregate, {
      id: row.id,
      from: 'packing',
      to: 'shipped',
      actor: transitionActor(actor),
      now,
      patch: { carrier, trackingNumber, shippedAt: now },
      data: { note: `${carrier} ${trackingNumber}` },
    });
    return out;
  });
  for (const card of moved) await recheckAfterCustodyChange(ctx, by, { card, log: input.log });
  return oneOuttake(ctx, input.id);
}

/** POST /api/admin/vault/outtakes/{id}/deliver: the carrier delivered; the cards are with their owner and free again. */
export async function deliverOuttake(ctx: FullCtx, actor: SignedInActor, input: { id: string; log?: Log }): Promise<Outtake> {
  const now = ctx.clock.now();
  const by = auditBy(actor);
  const moved = await inTransaction(ctx, async (uow) => {
    const row = await lockOuttake(uow.tx, input.id);
    if (row.status !== 'shipped') throw new AppError('conflict', vaultMessages.outtakeStale(row.status));
    const number = outtakeNumber(row.number);
    await releaseCards(uow, by, { kind: 'vault_outtake', ref: row.id, at: now, log: input.log });
    const out: CardRow[] = [];
    for (const cardId of await outtakeCardIds(uow.tx, row.id)) {
      out.push(await moveCustody(uow, by, { cardId, to: 'with_owner', at: now, note: `Delivered to the owner (outtake ${number})`, log: input.log }));
    }
    await transition(uow, outtakeAggregate, {
      id: row.id,
      from: 'shipped',
      to: 'delivered',
      actor: transitionActor(actor),
      now,
      patch: { deliveredAt: now },
    });
    return out;
  });
  for (const card of moved) await recheckAfterCustodyChange(ctx, by, { card, log: input.log });
  return oneOuttake(ctx, input.id);
}
