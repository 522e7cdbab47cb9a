import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, pathFromQueryKey } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('query defaults (spec §9)', () => {
  it('fresh 2 minutes, kept 10, no retries, refetch only on reconnect', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(120_000);
    expect(q.gcTime).toBe(600_000);
    expect(q.retry).toBe(false);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.refetchOnMount).toBe(false);
    expect(q.refetchOnReconnect).toBe(true);
    expect(createQueryClient().getDefaultOptions().mutations!.retry).toBe(false);
  });
});

describe('default query function', () => {
  it('builds the path from the key plus params', () => {
    expect(pathFromQueryKey(['/api/legal', 'terms'])).toEqual({ path: '/api/legal/terms', params: undefined });
    expect(pathFromQueryKey(['/api/admin/users', { q: 'ann', page: 2 }])).toEqual({
      path: '/api/admin/users',
      params: { q: 'ann', page: 2 },
    });
  });

  it('GETs that path, and maps 401 to null when asked', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{"status":"error","error":"no"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const fn = getQueryFn({ on401: 'returnNull' });
    const ctx = { queryKey: ['/api/auth/me'], signal: new AbortController().signal } as never;
    expect(await fn(ctx)).toBeNull();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/me');
    await expect(getQueryFn({ on401: 'throw' })(ctx)).rejects.toThrow(/^401: /);
  });
});
