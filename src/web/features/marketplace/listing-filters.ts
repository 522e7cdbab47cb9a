import { graders, sports, type Grader, type Sport } from '#common/cards.ts';
import { listingSorts, type ListingSort, type ListingsQueryInput } from '#common/marketplace.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

/** The URL query names the gallery keeps (besides q, sort and page). Prices are whole dollars. */
export const listingFilterNames = ['sport', 'grader', 'gradeMin', 'gradeMax', 'priceMin', 'priceMax'] as const;

const grade = (v: string | undefined) => {
  const n = Number(v);
  return v && Number.isInteger(n * 2) && n >= 1 && n <= 10 ? n : undefined;
};
const dollars = (v: string | undefined) => {
  const cents = v ? parseDollarsToCents(v, { maxCents: 10_000_000_000 }) : null;
  return cents !== null && cents % 100 === 0 ? cents : undefined;
};

/** The API query for the URL's state; anything malformed in the URL is left out, not sent. */
export function listingsQueryFromUrl(state: {
  q: string;
  page: number;
  sort: string | undefined;
  filters: Record<string, string>;
}): ListingsQueryInput {
  const f = state.filters;
  const query: ListingsQueryInput = {
    q: state.q || undefined,
    sport: (sports as readonly string[]).includes(f.sport ?? '') ? (f.sport as Sport) : undefined,
    grader: (graders as readonly string[]).includes(f.grader ?? '') ? (f.grader as Grader) : undefined,
    minGrade: grade(f.gradeMin),
    maxGrade: grade(f.gradeMax),
    minPriceCents: dollars(f.priceMin),
    maxPriceCents: dollars(f.priceMax),
    sort: (listingSorts as readonly string[]).includes(state.sort ?? '') ? (state.sort as ListingSort) : undefined,
    page: state.page > 1 ? state.page : undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ListingsQueryInput;
}

export const hasListingFilters = (q: ListingsQueryInput) => Object.keys(q).some((k) => k !== 'sort' && k !== 'page');
