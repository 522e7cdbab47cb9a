import { LISTING_PRICE_MAX_CENTS, marketplaceMessages } from '#common/marketplace.ts';

/** A dollar amount as typed ("$1,200.50") → cents, or null when it is not a plain amount. */
export function dollarsToCents(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d{1,11}(\.\d{0,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** A listing, asking, offer or counter price: more than $0 and at most $100,000,000. */
export function priceProblem(text: string): string | null {
  const cents = dollarsToCents(text);
  return cents === null || cents <= 0 || cents > LISTING_PRICE_MAX_CENTS ? marketplaceMessages.price : null;
}

/** Cents → the plain amount a price field shows ("1200.5" → "1200.50", whole dollars bare). */
export const centsToDollarText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
