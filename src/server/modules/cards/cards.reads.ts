import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { cards, psaCerts } from '#server/db/schema/cards.ts';

// What other modules read of a card, so they need not query the cards tables (decision 135).
// Inside a transaction, hand them `{ db: tx }`.

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
