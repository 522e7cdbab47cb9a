import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, vi } from 'vitest';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { queryDefaults } from '#web/lib/query-client.ts';

/** A signed-in member as GET /api/auth/me answers for them. */
export const testMember = {
  id: 'u1',
  phone: '+12125550103',
  name: 'Casey',
  isAuthenticated: true as const,
  isAdmin: false,
  isManager: false,
  isImpersonated: false,
};

export type FetchRoutes = Record<string, () => Response>;

/**
 * Renders a member page with the app's query defaults (no retries) and a signed-in member, with
 * `fetch` answered from `routes` by exact URL (404 otherwise) or by one handler for every call.
 * Call `cleanUpMemberPagesAfterEach()` once per file.
 */
export function renderMemberPage(ui: ReactElement, routes: FetchRoutes | ((url: string, init?: RequestInit) => Response | Promise<Response>)) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    typeof routes === 'function' ? routes(url, init) : (routes[url] ?? (() => new Response('{}', { status: 404 })))(),
  );
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  qc.setQueryData(authKeys.me, testMember);
  render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  const urls = () => fetchMock.mock.calls.map(([u]) => u);
  return { fetchMock, urls, queryClient: qc };
}

export function cleanUpMemberPagesAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
