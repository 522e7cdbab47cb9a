import type { AdminCardRow, CardCorrectionInput, Grader } from '#common/cards.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

/** The correction form's fields as typed. */
export interface CorrectionForm {
  grader: Grader;
  certNumber: string;
  grade: string;
  year: string;
  subject: string;
  brand: string;
  cardNumber: string;
  variety: string;
  /** Dollars, e.g. "12,500". */
  estimate: string;
  reason: string;
}

export const centsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export function correctionForm(card: AdminCardRow): CorrectionForm {
  return {
    grader: card.grader,
    certNumber: card.certNumber ?? '',
    grade: card.grade ?? '',
    year: String(card.year),
    subject: card.subject,
    brand: card.brand,
    cardNumber: card.cardNumber ?? '',
    variety: card.variety ?? '',
    estimate: centsText(card.estimatedValueCents),
    reason: '',
  };
}

/**
 * What the correction changes, with its reason: only the fields that differ from the card (an
 * emptied optional field becomes null). The server checks the values and the rules between them.
 */
export function correctionPatch(card: AdminCardRow, f: CorrectionForm): CardCorrectionInput {
  const out: Record<string, unknown> = {};
  const text = (v: string) => (v.trim() ? v.trim() : null);
  if (f.grader !== card.grader) out.grader = f.grader;
  if (text(f.certNumber) !== card.certNumber) out.certNumber = text(f.certNumber);
  if (text(f.grade) !== card.grade) out.grade = text(f.grade);
  const year = Number(f.year.trim());
  if (year !== card.year) out.year = Number.isFinite(year) && f.year.trim() ? year : f.year;
  if (f.subject.trim() !== card.subject) out.subject = f.subject.trim();
  if (f.brand.trim() !== card.brand) out.brand = f.brand.trim();
  if (text(f.cardNumber) !== card.cardNumber) out.cardNumber = text(f.cardNumber);
  if (text(f.variety) !== card.variety) out.variety = text(f.variety);
  const cents = parseDollarsToCents(f.estimate);
  if (cents !== card.estimatedValueCents) out.estimatedValueCents = cents ?? f.estimate;
  return { ...out, reason: f.reason.trim() } as CardCorrectionInput;
}

/** How many fields the correction would change (the reason aside). */
export const changedCount = (p: CardCorrectionInput) => Object.keys(p).filter((k) => k !== 'reason').length;
