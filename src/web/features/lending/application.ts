import { cardHeldMessages, type CardSummary } from '#common/cards.ts';
import { LOAN_PURPOSE_MAX, loanMessages, type ApplyLoanInput, type PublicLendingTerms } from '#common/lending.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

export interface ApplicationForm {
  cardIds: string[];
  amount: string;
  termMonths: number;
  purpose: string;
}
export type ApplicationField = 'cards' | 'amount' | 'term' | 'purpose';

/** Why a card cannot be pledged, before asking the server (which checks again). */
export function cardRefusal(card: Pick<CardSummary, 'hold' | 'grader' | 'custody' | 'estimatedValueCents'>): string | null {
  if (card.hold) return cardHeldMessages[card.hold];
  if (card.grader === 'raw') return loanMessages.cardNotGraded;
  if (card.custody === 'in_transit') return loanMessages.cardInTransit;
  if (card.estimatedValueCents <= 0) return loanMessages.cardNoValue;
  return null;
}

/**
 * The form's field messages, in the server's words. `maxCents` is what the chosen cards support
 * (from the quote), unknown until it has answered.
 */
export function applicationIssues(
  f: ApplicationForm,
  terms: Pick<PublicLendingTerms, 'minLoanCents' | 'terms'>,
  maxCents: number | null,
): Partial<Record<ApplicationField, string>> {
  const out: Partial<Record<ApplicationField, string>> = {};
  if (f.cardIds.length === 0) out.cards = loanMessages.cardsRequired;
  const cents = parseDollarsToCents(f.amount);
  if (f.amount.trim() === '') out.amount = loanMessages.amountRequired;
  else if (cents === null || cents <= 0) out.amount = 'Enter an amount in dollars, like 2,500';
  else if (cents < terms.minLoanCents) out.amount = loanMessages.belowMinimum(terms.minLoanCents);
  else if (maxCents !== null && f.cardIds.length > 0 && cents > maxCents)
    out.amount = maxCents < terms.minLoanCents ? loanMessages.capBelowMinimum(maxCents, terms.minLoanCents) : loanMessages.aboveCap(maxCents);
  if (![3, 6, 12].includes(f.termMonths)) out.term = loanMessages.term;
  else if (!terms.terms.includes(f.termMonths)) out.term = loanMessages.termNotOffered;
  if (f.purpose.trim() === '') out.purpose = loanMessages.purposeRequired;
  else if (f.purpose.trim().length > LOAN_PURPOSE_MAX) out.purpose = loanMessages.purposeTooLong;
  return out;
}

export function toApplyInput(f: ApplicationForm): ApplyLoanInput {
  return {
    cardIds: f.cardIds,
    amountRequestedCents: parseDollarsToCents(f.amount) ?? 0,
    termMonths: f.termMonths as ApplyLoanInput['termMonths'],
    purpose: f.purpose.trim(),
  };
}

/** The server's field paths as the form's fields. */
export const fieldOfPath: Record<string, ApplicationField> = {
  cardIds: 'cards',
  amountRequestedCents: 'amount',
  termMonths: 'term',
  purpose: 'purpose',
};

/** A 4xx without field paths (cap, pledged, not yours…) placed beside the field it is about. */
export function fieldOfMessage(message: string): ApplicationField | null {
  if (/borrow|minimum loan|amount/i.test(message)) return 'amount';
  if (/card|pledge|graded|registry|transit/i.test(message)) return 'cards';
  if (/term/i.test(message)) return 'term';
  return null;
}
