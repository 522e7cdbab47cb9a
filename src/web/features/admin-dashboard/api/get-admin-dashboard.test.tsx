import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { useAdminDashboard } from './get-admin-dashboard.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin dashboard read', () => {
  // Writers in other features (access-request reviews, SMS replies) do not know its key.
  it('refetches each time the dashboard is shown, although the app keeps fresh data without refetching on mount', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ counts: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const first = renderHook(() => useAdminDashboard(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    const second = renderHook(() => useAdminDashboard(), { wrapper });
    expect(second.result.current.data).toEqual({ counts: {} });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String((fetchMock.mock.calls[1] as unknown[])[0])).toMatch(/^\/api\/admin\/dashboard\?tzOffset=-?\d+&period=30d$/);
  });
});
