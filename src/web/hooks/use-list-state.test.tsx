import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListState } from './use-list-state.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(path: string) {
  const loc = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      {children}
    </Router>
  );
  const view = renderHook(() => useListState(['status']), { wrapper });
  const search = () => loc.history.at(-1)!.split('?')[1] ?? '';
  return { ...view, search };
}

describe('useListState', () => {
  it('reads search, filter, sort and page from the URL', () => {
    const { result } = setup('/admin/list?q=casey&status=pending&sort=name&page=3');
    expect(result.current).toMatchObject({ q: 'casey', search: 'casey', page: 3, sort: 'name', filters: { status: 'pending' } });
  });

  it('writes page, filter and sort back to the query string; a filter or sort change goes back to page 1', () => {
    const { result, search } = setup('/admin/list');
    act(() => result.current.setPage(2));
    expect(search()).toBe('page=2');
    expect(result.current.page).toBe(2);
    act(() => result.current.setFilter('status', 'approved'));
    expect(new URLSearchParams(search()).get('status')).toBe('approved');
    expect(result.current.page).toBe(1);
    act(() => result.current.setSort('name'));
    act(() => result.current.setFilter('status', undefined));
    expect(search()).toBe('sort=name');
  });

  it('puts the search in ?q= only after the debounce, trimmed, and resets the page', () => {
    vi.useFakeTimers();
    const { result, search } = setup('/admin/list?page=4');
    act(() => result.current.setSearch('  Casey '));
    expect(result.current.search).toBe('  Casey ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.q).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.q).toBe('Casey');
    expect(search()).toBe('q=Casey');
    expect(result.current.page).toBe(1);
  });
});
