import { describe, expect, it } from 'vitest';
import { hasListingFilters, listingsQueryFromUrl } from './listing-filters.ts';

describe('gallery URL → listings query', () => {
  it('turns the URL into the API query, prices from dollars to cents', () => {
    const q = listingsQueryFromUrl({
      q: 'jordan',
      page: 2,
      sort: 'price_asc',
      filters: { sport: 'basketball', grader: 'PSA', gradeMin: '9', gradeMax: '10', priceMin: '100', priceMax: '2500' },
    });
    expect(q).toEqual({
      q: 'jordan',
      sport: 'basketball',
      grader: 'PSA',
      minGrade: 9,
      maxGrade: 10,
      minPriceCents: 10_000,
      maxPriceCents: 250_000,
      sort: 'price_asc',
      page: 2,
    });
    expect(hasListingFilters(q)).toBe(true);
  });
  it('leaves malformed values out instead of sending them', () => {
    const q = listingsQueryFromUrl({
      q: '',
      page: 1,
      sort: 'cheapest',
      filters: { sport: 'curling', grader: 'XYZ', gradeMin: '11', priceMin: '-5', priceMax: '1.5' },
    });
    expect(q).toEqual({});
    expect(hasListingFilters(q)).toBe(false);
    expect(hasListingFilters({ sort: 'newest', page: 3 })).toBe(false);
  });
});
