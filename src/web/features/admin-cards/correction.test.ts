import { describe, expect, it } from 'vitest';
import type { AdminCardRow } from '#common/cards.ts';
import { changedCount, correctionForm, correctionPatch } from './correction.ts';

const card = {
  id: 'c1',
  grader: 'PSA',
  certNumber: '123',
  grade: 'GEM MT 10',
  year: 1986,
  subject: 'Michael Jordan',
  brand: 'Fleer',
  cardNumber: '57',
  variety: null,
  estimatedValueCents: 1_250_000,
} as AdminCardRow;

describe('the correction form', () => {
  it('sends only what changed, with the reason', () => {
    const f = correctionForm(card);
    expect(correctionPatch(card, { ...f, reason: ' x ' })).toEqual({ reason: 'x' });
    const p = correctionPatch(card, { ...f, grade: 'MINT 9', estimate: '$3,000', variety: ' ', cardNumber: '', reason: 'Slab reads 9' });
    expect(p).toEqual({ grade: 'MINT 9', estimatedValueCents: 300_000, cardNumber: null, reason: 'Slab reads 9' });
    expect(changedCount(p)).toBe(3);
  });

  it('passes an unreadable amount or year on for the server to refuse', () => {
    const f = correctionForm(card);
    expect(correctionPatch(card, { ...f, estimate: 'lots', year: 'old', reason: 'r' })).toMatchObject({ estimatedValueCents: 'lots', year: 'old' });
    expect(correctionPatch(card, { ...f, estimate: '12,500.5', reason: 'r' })).toMatchObject({ estimatedValueCents: 1_250_050 });
    expect(correctionPatch(card, { ...f, estimate: '1.234', reason: 'r' })).toMatchObject({ estimatedValueCents: '1.234' });
  });
});
