import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryDefaults } from '#web/lib/query-client.ts';
import SettingsPage from './settings-page.tsx';

const user = { id: 'u1', phone: '+12125550103', name: 'Casey', isAuthenticated: true, isAdmin: false, isManager: false, isImpersonated: false };
const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('member pages: failed loads', () => {
  it('settings shows the shared calm error block with Retry, never the raw "500: boom"', async () => {
    fetchMock.mockImplementation(async () => new Response('boom', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
    qc.setQueryData(['/api/auth/me'], user);
    render(
      <QueryClientProvider client={qc}>
        <SettingsPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("We couldn't load your settings")).toBeTruthy();
    expect(await screen.findByText("We couldn't load your documents")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/boom|500/);
    const profileCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/user/profile').length;
    const before = profileCalls();
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
  });
});
