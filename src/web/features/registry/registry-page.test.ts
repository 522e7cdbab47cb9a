import { describe, expect, it } from 'vitest';
import { registryQuerySchema } from '#common/cards.ts';
import { registryParams } from './registry-page.tsx';

const state = (over: Partial<Parameters<typeof registryParams>[0]> = {}) => ({ q: '', page: 1, sort: undefined, filters: {}, ...over });

describe('registry list state → server query', () => {
  it('asks for the newest cards, page 1, when the URL says nothing', () => {
    expect(registryParams(state())).toEqual({ q: undefined, sport: undefined, grader: undefined, custody: undefined, sort: 'recent', page: 1 });
  });

  it('carries the search, filters, sort and page the server knows', () => {
    const params = registryParams(
      state({ q: 'griffey', page: 3, sort: 'value', filters: { sport: 'baseball', grader: 'PSA', custody: 'in_vault' } }),
    );
    expect(params).toEqual({ q: 'griffey', sport: 'baseball', grader: 'PSA', custody: 'in_vault', sort: 'value', page: 3 });
    expect(registryQuerySchema.safeParse(params).success).toBe(true);
  });

  it('drops values from a hand-edited URL the server would refuse', () => {
    const params = registryParams(state({ sort: 'cheapest', filters: { sport: 'curling', grader: 'psa', custody: 'lost' } }));
    expect(params).toMatchObject({ sport: undefined, grader: undefined, custody: undefined, sort: 'recent' });
    expect(registryQuerySchema.safeParse(params).success).toBe(true);
  });
});
