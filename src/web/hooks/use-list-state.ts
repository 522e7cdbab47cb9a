import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useDebouncedValue } from './use-debounced-value.ts';

/** The one delay every staff list waits after typing before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListState {
  /** What the search box shows (immediate). */
  search: string;
  /** The trimmed search the list queries with, once typing has paused; kept in `?q=`. */
  q: string;
  page: number;
  sort: string | undefined;
  filters: Record<string, string>;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
  setSort: (sort: string | undefined) => void;
  setFilter: (name: string, value: string | undefined) => void;
}

const reserved = new Set(['q', 'page', 'sort']);

/**
 * A list's search, filters, sort and page kept in the URL query string, so a reload or a shared
 * link shows the same list. Changing the search, a filter or the sort goes back to page 1.
 */
export function useListState(filterNames: readonly string[] = []): ListState {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sort = params.get('sort') ?? undefined;
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    if (reserved.has(name)) continue;
    const v = params.get(name);
    if (v !== null) filters[name] = v;
  }

  const update = useCallback(
    (changes: Record<string, string | undefined>, resetPage: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, v);
          }
          if (resetPage || next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== q) update({ q: debounced }, true);
    // Only typing drives this; navigation to another ?q= is picked up below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== search.trim()) setSearch(q);
  }

  return {
    search,
    q,
    page,
    sort,
    filters,
    setSearch,
    setPage: (p) => update({ page: p > 1 ? String(p) : undefined }, false),
    setSort: (s) => update({ sort: s }, true),
    setFilter: (name, value) => update({ [name]: value }, true),
  };
}
