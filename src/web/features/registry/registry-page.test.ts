import { describe, expect, it } from 'vitest';
import type { Card } from '#common/cards.ts';
import { visibleCards } from './registry-page.tsx';

const card = (id: string, over: Partial<Card>): Card =>
  ({ id, grader: 'PSA', sport: 'baseball', year: 2000, estimatedValueCents: 0, createdAt: '2026-01-01T00:00:00Z', ...over }) as Card;
const cards = [
  card('a', { year: 1952, estimatedValueCents: 5_000, createdAt: '2026-01-03T00:00:00Z' }),
  card('b', { year: 1986, sport: 'basketball', estimatedValueCents: 90_000, createdAt: '2026-01-01T00:00:00Z' }),
  card('c', { year: 1986, grader: 'BGS', estimatedValueCents: 20_000, createdAt: '2026-01-02T00:00:00Z' }),
];
const ids = (cs: Card[]) => cs.map((c) => c.id);

describe('registry filters and sort', () => {
  it('sorts by recently added, value and year (a tie by value)', () => {
    expect(ids(visibleCards(cards, {}, 'recent'))).toEqual(['a', 'c', 'b']);
    expect(ids(visibleCards(cards, {}, 'value'))).toEqual(['b', 'c', 'a']);
    expect(ids(visibleCards(cards, {}, 'year'))).toEqual(['a', 'b', 'c']);
  });

  it('filters by sport and grader together, leaving the input alone', () => {
    expect(ids(visibleCards(cards, { sport: 'baseball' }, 'recent'))).toEqual(['a', 'c']);
    expect(ids(visibleCards(cards, { sport: 'baseball', grader: 'BGS' }, 'recent'))).toEqual(['c']);
    expect(ids(cards)).toEqual(['a', 'b', 'c']);
  });
});
