import { expect, it } from 'vitest';
import { sameSearch } from './same-search.ts';

it('matches saved searches by their filters, not by key order or number type', () => {
  // jsonb gives keys back in its own order.
  expect(
    sameSearch({ grader: 'PSA', q: 'Jordan 1986', maxGrade: 9, minGrade: 9 }, { q: 'Jordan 1986', grader: 'PSA', minGrade: 9, maxGrade: 9 }),
  ).toBe(true);
  expect(sameSearch({ q: 'Jordan' }, { q: 'Jordan', grader: 'PSA' })).toBe(false);
  expect(sameSearch({ q: 'Jordan', grader: 'BGS' }, { q: 'Jordan', grader: 'PSA' })).toBe(false);
  expect(sameSearch(null, {})).toBe(true);
});
