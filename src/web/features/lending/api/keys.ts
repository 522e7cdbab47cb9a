/**
 * Lending's query keys and paths (member side). The first element of each key is the spec's
 * path, so loan_updated (/api/user/loans) and card_updated (/api/cards) refresh them.
 */
const MY_LOANS = '/api/user/loans';
const LOANS = '/api/loans';
const QUOTE = '/api/loans/quote';
/** The member's cards in short form, for the collateral picker. */
const CARDS = '/api/cards';

export const loanKeys = {
  mine: [MY_LOANS] as const,
  /** Under `mine`, so a loan_updated refresh also moves an open loan's schedule and LTV. */
  detail: (id: string) => [...loanKeys.mine, id] as const,
  quote: [QUOTE] as const,
  quoteFor: (q: { cardIds: string; termMonths: number; aprBps?: number; amountCents?: number }) => [...loanKeys.quote, q] as const,
  myCards: [CARDS] as const,
};

const seg = encodeURIComponent;
export const loanPaths = {
  apply: LOANS,
  accept: (id: string) => `${LOANS}/${seg(id)}/accept-offer`,
  decline: (id: string) => `${LOANS}/${seg(id)}/decline-offer`,
  payoff: (id: string) => `${LOANS}/${seg(id)}/payoff`,
};
