import { eq } from 'drizzle-orm';
import { listingsQuerySchema, type ListingsQueryInput } from '#common/marketplace.ts';
import type { AppContext } from '#server/context.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';
import { listingMatchesQuery } from './listings.queries.ts';

// What other modules read of the listings, so they need not query its tables (decision 135).

const cards = cardDirectory('cards');

/** A listing with its status, price, seller and its card's identity (what an alert matches on), or null. */
export async function listingForWatch(ctx: Pick<AppContext, 'db'>, input: { listingId: string }) {
  const [row] = await ctx.db
    .select({
      id: listings.id,
      status: listings.status,
      priceCents: listings.priceCents,
      sellerId: listings.sellerId,
      card: {
        id: cards.id,
        subject: cards.subject,
        year: cards.year,
        brand: cards.brand,
        cardNumber: cards.cardNumber,
        variety: cards.variety,
        sport: cards.sport,
        grader: cards.grader,
        gradeValue: cards.gradeValue,
      },
    })
    .from(listings)
    .innerJoin(cards, eq(cards.id, listings.cardId))
    .where(eq(listings.id, input.listingId))
    .limit(1);
  return row ?? null;
}
export type ListingForWatch = NonNullable<Awaited<ReturnType<typeof listingForWatch>>>;

/** Whether the listing is open and the gallery would show it for these filters. */
export function listingMatchesSearch(ctx: Pick<AppContext, 'db'>, input: { listingId: string; query: ListingsQueryInput }): Promise<boolean> {
  return listingMatchesQuery(ctx.db, listingsQuerySchema.parse(input.query), input.listingId);
}
