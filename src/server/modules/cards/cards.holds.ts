import { and, eq, inArray } from 'drizzle-orm';
import { cardHeldMessages, cardMessages, custodyTransitions, type CardEventKind, type CardHoldKind, type Custody } from '#common/cards.ts';
import { canTransition } from '#common/transitions.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { AppError, notFound } from '#server/errors.ts';
import { createHook } from '#server/lib/hooks.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import type { By } from './cards.service.ts';
import { announce, appendEvent, type CardRow } from './cards.service.ts';
import { cardColumns, live } from './cards.queries.ts';

/**
 * The one way other domains claim, release and hand over cards (decision 022). Each call runs
 * inside the caller's transaction and locks the card rows it touches, so two domains racing for
 * one card are serialised: one wins, the other gets 409 with the reason.
 */

type Log = { warn: (o: object, m: string) => void };

export interface HoldRequirements {
  /** The card must belong to this user (a member offering their own card). */
  ownerId?: string;
  /** The card must be in one of these custody states (e.g. only vaulted cards are listed). */
  custody?: readonly Custody[];
  /** The refusal when custody does not match. */
  custodyMessage?: string;
}

/** Locks live cards by id, in id order (no deadlocks between two multi-card holds). */
export async function lockCards(tx: Db, cardIds: readonly string[]): Promise<CardRow[]> {
  if (cardIds.length === 0) return [];
  const ids = [...new Set(cardIds)].sort();
  const rows = await tx
    .select(cardColumns)
    .from(cards)
    .where(and(inArray(cards.id, ids), live))
    .orderBy(cards.id)
    .for('update');
  if (rows.length !== ids.length) throw notFound(cardMessages.notFound);
  return rows;
}

/** Why this card cannot be taken by `kind`, or null. */
export function holdRefusal(card: Pick<CardRow, 'ownerId' | 'custody' | 'holdKind'>, req: HoldRequirements = {}): string | null {
  if (req.ownerId !== undefined && card.ownerId !== req.ownerId) return cardMessages.notFound;
  if (card.holdKind) return cardHeldMessages[card.holdKind];
  if (req.custody && !req.custody.includes(card.custody)) return req.custodyMessage ?? 'This card is not in the right custody for that';
  return null;
}

/**
 * Claims cards for one record (a listing, a loan, …) and records `event` on each (e.g. `listed`,
 * `pledged`) when given. 404 for a card that is gone or not the owner's, 409 when one is held.
 */
export async function holdCards(
  uow: UnitOfWork,
  by: By,
  input: {
    cardIds: readonly string[];
    kind: CardHoldKind;
    ref: string;
    at: Date;
    event?: { kind: CardEventKind; data?: Record<string, unknown> };
    require?: HoldRequirements;
    log?: Log;
  },
): Promise<CardRow[]> {
  const rows = await lockCards(uow.tx, input.cardIds);
  for (const row of rows) {
    const refusal = holdRefusal(row, input.require);
    if (refusal === cardMessages.notFound) throw notFound(refusal);
    if (refusal) throw new AppError('conflict', refusal);
  }
  const held = await uow.tx
    .update(cards)
    .set({ holdKind: input.kind, holdRef: input.ref, updatedAt: input.at })
    .where(
      inArray(
        cards.id,
        rows.map((r) => r.id),
      ),
    )
    .returning(cardColumns);
  for (const row of held) {
    if (input.event)
      await appendEvent(uow.tx, by, { cardId: row.id, kind: input.event.kind, data: { [input.kind]: input.ref, ...input.event.data }, at: input.at });
    announce(uow, row, 'held', input.log);
  }
  return held;
}

/**
 * Lets go of the cards `ref` holds (only where it is still the holder; anything else is left as it
 * is, so a release is safe to repeat). Records `event` (e.g. `released`) on each card let go.
 */
export async function releaseCards(
  uow: UnitOfWork,
  by: By,
  input: {
    kind: CardHoldKind;
    ref: string;
    at: Date;
    event?: { kind: CardEventKind; data?: Record<string, unknown> };
    /** Only these of the held cards (a vault intake lets go of each card as it arrives). */
    cardIds?: readonly string[];
    log?: Log;
  },
): Promise<CardRow[]> {
  const released = await uow.tx
    .update(cards)
    .set({ holdKind: null, holdRef: null, updatedAt: input.at })
    .where(and(eq(cards.holdKind, input.kind), eq(cards.holdRef, input.ref), input.cardIds ? inArray(cards.id, [...input.cardIds]) : undefined))
    .returning(cardColumns);
  for (const row of released) {
    if (input.event)
      await appendEvent(uow.tx, by, { cardId: row.id, kind: input.event.kind, data: { [input.kind]: input.ref, ...input.event.data }, at: input.at });
    announce(uow, row, 'released', input.log);
  }
  return released;
}

/**
 * Hands a card to a new owner (a sale, the house buying, a fund acquiring it) and records
 * `transferred` with both owners. Clears the hold of `release` (the listing that sold it) or
 * sets a new one with `hold` (a fund holding it); custody stays as it is (the vault keeps it).
 */
export async function transferCard(
  uow: UnitOfWork,
  by: By,
  input: {
    cardId: string;
    toOwnerId: string;
    at: Date;
    release?: { kind: CardHoldKind; ref: string };
    hold?: { kind: CardHoldKind; ref: string };
    data?: Record<string, unknown>;
    log?: Log;
  },
): Promise<CardRow> {
  const [row] = await lockCards(uow.tx, [input.cardId]);
  if (input.release && (row.holdKind !== input.release.kind || row.holdRef !== input.release.ref)) {
    throw new AppError('conflict', row.holdKind ? cardHeldMessages[row.holdKind] : 'This card is no longer held for that');
  }
  if (!input.release && row.holdKind) throw new AppError('conflict', cardHeldMessages[row.holdKind]);
  const [moved] = await uow.tx
    .update(cards)
    .set({ ownerId: input.toOwnerId, holdKind: input.hold?.kind ?? null, holdRef: input.hold?.ref ?? null, updatedAt: input.at })
    .where(eq(cards.id, row.id))
    .returning(cardColumns);
  await appendEvent(uow.tx, by, {
    cardId: row.id,
    kind: 'transferred',
    data: { fromOwnerId: row.ownerId, toOwnerId: input.toOwnerId, ...input.data },
    at: input.at,
  });
  // Both the old and the new owner's open pages hear of it.
  announce(uow, row, 'transferred', input.log);
  announce(uow, moved, 'transferred', input.log);
  return moved;
}

/**
 * Moves a card's custody for another domain's step (a loan's collateral going to pickup), with
 * `custody_changed` recorded. Receipt into the vault stays the vault team's: they confirm it on
 * /admin/cards, which also re-checks the PSA certificate.
 */
export async function moveCustody(
  uow: UnitOfWork,
  by: By,
  input: { cardId: string; to: Custody; at: Date; note?: string; log?: Log },
): Promise<CardRow> {
  const [row] = await lockCards(uow.tx, [input.cardId]);
  if (row.custody === input.to) return row;
  if (!canTransition(custodyTransitions, row.custody, input.to)) throw new AppError('conflict', cardMessages.custodySame);
  const [moved] = await uow.tx.update(cards).set({ custody: input.to, updatedAt: input.at }).where(eq(cards.id, row.id)).returning(cardColumns);
  await appendEvent(uow.tx, by, {
    cardId: row.id,
    kind: 'custody_changed',
    data: { from: row.custody, to: input.to, note: input.note ?? null },
    at: input.at,
  });
  announce(uow, moved, 'custody_changed', input.log);
  return moved;
}

/** A held card an admin corrected or appraised (decision 128): what it was, what it is now. */
export interface HeldCardRevalued {
  before: CardRow;
  card: CardRow;
  reason: 'corrected' | 'appraised';
  /** The fields that changed (`appraisal` for an appraisal). */
  fields: readonly string[];
  by: By;
  at: Date;
  log?: Log;
}
export type HeldCardRevaluedHandler = (uow: UnitOfWork, e: HeldCardRevalued) => Promise<void>;
const revalued = createHook<CardHoldKind, HeldCardRevaluedHandler>();

/**
 * The domain holding a card re-prices what depends on it when an admin corrects or appraises it
 * (a loan's LTV, a fund holding's index match). The handler runs in the correction's transaction.
 * Listed in the holder's module definition, like `onInvoicePaid`.
 */
export function onHeldCardRevalued(kind: CardHoldKind, handler: HeldCardRevaluedHandler): () => void {
  return revalued.on(kind, handler);
}

/** Tells the holder of `e.card` (if any) that it was corrected or appraised. */
export async function heldCardRevalued(uow: UnitOfWork, e: HeldCardRevalued): Promise<void> {
  if (!e.card.holdKind) return;
  for (const h of revalued.handlers(e.card.holdKind)) await h(uow, e);
}
