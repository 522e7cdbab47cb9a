import { describe, expect, it } from 'vitest';
import type { RegistryCard } from '#common/cards.ts';
import { visibleCards } from './registry-page.tsx';

const card = (id: string, over: Partial<RegistryCard>): RegistryCard => {
  const c = { id, grader: 'PSA', sport: 'baseball', year: 2000, estimatedValueCents: 0, createdAt: '2026-01-01T00:00:00Z', ...over } as RegistryCard;
  return { ...c, valuation: over.valuation ?? { valueCents: c.estimatedValueCents, source: 'estimate', market: null } };
};
const cards = [
  card('a', { year: 1952, estimatedValueCents: 5_000, createdAt: '2026-01-03T00:00:00Z' }),
  card('b', { year: 1986, sport: 'basketball', estimatedValueCents: 90_000, createdAt: '2026-01-01T00:00:00Z' }),
  card('c', { year: 1986, grader: 'BGS', estimatedValueCents: 20_000, createdAt: '2026-01-02T00:00:00Z' }),
];
const ids = (cs: RegistryCard[]) => cs.map((c) => c.id);

describe('registry filters and sort', () => {
  it('sorts by what a card counts for: its market value while it follows the market', () => {
    const market = { constituentId: 'k', name: 'x', priceCents: 95_000, observedOn: '2026-01-01', stale: false };
    const withMarket = [...cards, card('d', { estimatedValueCents: 1_000, valuation: { valueCents: 95_000, source: 'market', market } })];
    expect(ids(visibleCards(withMarket, {}, 'value'))).toEqual(['d', 'b', 'c', 'a']);
  });

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
