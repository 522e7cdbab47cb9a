import { LISTING_PRICE_MAX_CENTS, marketplaceMessages } from '#common/marketplace.ts';
import { parseDollarsToCents } from './amounts.ts';

/** A listing, asking, offer or counter price: more than $0 and at most $100,000,000. */
export function priceProblem(text: string): string | null {
  const cents = parseDollarsToCents(text);
  return cents === null || cents <= 0 || cents > LISTING_PRICE_MAX_CENTS ? marketplaceMessages.price : null;
}

/** Cents → the plain amount a price field shows ("1200.5" → "1200.50", whole dollars bare). */
export const centsToDollarText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
