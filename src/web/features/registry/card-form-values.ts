import type { FieldErrors, Resolver } from 'react-hook-form';
import { titleCase } from '#common/title-case.ts';
import {
  cardFieldIssues,
  cardPrefillFromPsa,
  createCardSchema,
  gradeValueFromLabel,
  type Card,
  type CardSource,
  type CreateCardInput,
  type Grader,
  type PsaCert,
  type Sport,
} from '#common/cards.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

/** What the card form holds: text as typed; converted to the API's fields on submit. */
export interface CardFormValues {
  grader: Grader;
  certNumber: string;
  grade: string;
  year: string;
  subject: string;
  brand: string;
  cardNumber: string;
  variety: string;
  sport: Sport | '';
  estimatedValue: string;
}

export const emptyCardValues: CardFormValues = {
  grader: 'PSA',
  certNumber: '',
  grade: '',
  year: '',
  subject: '',
  brand: '',
  cardNumber: '',
  variety: '',
  sport: '',
  estimatedValue: '',
};

export const centsToText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export function valuesFromCard(card: Card): CardFormValues {
  return {
    grader: card.grader,
    certNumber: card.certNumber ?? '',
    grade: card.grade ?? '',
    year: String(card.year),
    subject: card.subject,
    brand: card.brand,
    cardNumber: card.cardNumber ?? '',
    variety: card.variety ?? '',
    sport: card.sport,
    estimatedValue: centsToText(card.estimatedValueCents),
  };
}

/** A form prefilled from PSA's answer (the shared prefill rules); the member adds the value. */
export function valuesFromPsa(cert: PsaCert): CardFormValues {
  const p = cardPrefillFromPsa(cert);
  return {
    ...emptyCardValues,
    grader: 'PSA',
    certNumber: p.certNumber ?? '',
    grade: p.grade ?? '',
    year: p.year === undefined ? '' : String(p.year),
    // Shown as people write them; on save the server takes PSA's own text (decision 130).
    subject: titleCase(p.subject) ?? '',
    brand: titleCase(p.brand) ?? '',
    cardNumber: p.cardNumber ?? '',
    variety: titleCase(p.variety) ?? '',
    sport: p.sport ?? '',
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The API's card fields from the form's text. */
export function toCardInput(v: CardFormValues, source: CardSource = 'manual'): CreateCardInput {
  const raw = v.grader === 'raw';
  const year = v.year.trim();
  return {
    grader: v.grader,
    certNumber: raw ? null : v.certNumber.trim() || null,
    grade: orNull(v.grade),
    gradeValue: gradeValueFromLabel(v.grade),
    year: /^\d+$/.test(year) ? Number(year) : Number.NaN,
    subject: v.subject.trim(),
    brand: v.brand.trim(),
    cardNumber: orNull(v.cardNumber),
    variety: orNull(v.variety),
    sport: (v.sport || undefined) as Sport,
    // Not an amount: NaN, for the schema to refuse with its message.
    estimatedValueCents: v.estimatedValue.trim() === '' ? 0 : (parseDollarsToCents(v.estimatedValue) ?? Number.NaN),
    source,
  };
}

/** An API field name (or path) → the form field that shows its error. */
export function formFieldFor(path: string): keyof CardFormValues | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'estimatedValueCents') return 'estimatedValue';
  if (head === 'gradeValue') return 'grade';
  return Object.hasOwn(emptyCardValues, head) ? (head as keyof CardFormValues) : null;
}

/** Where the shared schema's words would read oddly against what was typed. */
const formMessages: Partial<Record<keyof CardFormValues, string>> = {
  estimatedValue: 'Enter a dollar amount up to $100,000,000, like 12,500',
  sport: 'Choose a sport',
};

/** Validates with the shared card schema, so the form and the server say the same things. */
export const cardFormResolver: Resolver<CardFormValues> = async (values) => {
  const input = toCardInput(values);
  const result = createCardSchema.safeParse(input);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<CardFormValues> = {};
  const issues = [
    ...result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code as string, message: i.message })),
    // The schema checks these only once every field is valid; the form shows them all at once.
    ...cardFieldIssues({ grader: input.grader, certNumber: input.certNumber ?? null, grade: input.grade ?? null }).map((i) => ({
      ...i,
      code: 'custom',
    })),
  ];
  for (const issue of issues) {
    const field = formFieldFor(issue.path);
    if (!field || errors[field]) continue;
    errors[field] = { type: issue.code, message: formMessages[field] ?? issue.message };
  }
  return { values: {}, errors };
};
