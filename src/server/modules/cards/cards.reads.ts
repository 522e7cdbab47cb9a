import { eq, getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AppContext } from '#server/context.ts';
import { cardEvents, cards, psaCerts } from '#server/db/schema/cards.ts';

// What other modules read of a card, so they need not query the cards tables (decision 135).
// Inside a transaction, hand them `{ db: tx }`.

const qb = new QueryBuilder();

/**
 * The card directory: cards' read model for other modules' lists, like users' `userDirectory`. A
 * read-only relation with every column of the cards table, joined under the caller's alias
 * (`cardDirectory('cards')` keeps the SQL the table's), so a list stays one statement; Postgres
 * flattens the sub-select. Changes to a card go through cards' functions (`transferCard`, holds).
 */
export function cardDirectory<A extends string>(alias: A) {
  return qb.select(getTableColumns(cards)).from(cards).as(alias);
}

/** A card's history (card_events), read-only, for lists that read it in one statement. */
export function cardHistory<A extends string>(alias: A) {
  return qb.select(getTableColumns(cardEvents)).from(cardEvents).as(alias);
}

/**
 * One card's owner, custody and hold, its row locked until the transaction ends, so a listing or a
 * loan cannot take it between a caller's check and its move; undefined when there is none.
 */
export async function lockCardState(ctx: Pick<AppContext, 'db'>, input: { id: string }) {
  const [card] = await ctx.db
    .select({ ownerId: cards.ownerId, custody: cards.custody, holdKind: cards.holdKind, deletedAt: cards.deletedAt })
    .from(cards)
    .where(eq(cards.id, input.id))
    .limit(1)
    .for('update');
  return card;
}

/** One card's identity, owner and custody, deleted or not; null when there is none. */
export async function cardRef(ctx: Pick<AppContext, 'db'>, input: { id: string }) {
  const [card] = await ctx.db
    .select({
      id: cards.id,
      ownerId: cards.ownerId,
      custody: cards.custody,
      deletedAt: cards.deletedAt,
      subject: cards.subject,
      year: cards.year,
      brand: cards.brand,
      grade: cards.grade,
      grader: cards.grader,
    })
    .from(cards)
    .where(eq(cards.id, input.id))
    .limit(1);
  return card ?? null;
}

/** The PSA record stored for a certificate number, or null. */
export async function psaCertRecord(ctx: Pick<AppContext, 'db'>, input: { certNumber: string }) {
  const [row] = await ctx.db.select({ data: psaCerts.data }).from(psaCerts).where(eq(psaCerts.certNumber, input.certNumber)).limit(1);
  return row ?? null;
}
