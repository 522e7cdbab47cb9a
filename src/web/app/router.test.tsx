import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { clearAuthStateCookie, setAuthStateCookie } from '#web/features/auth/auth-cookie.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { AppRouter } from './router.tsx';

const user = {
  id: '0b8f6f5e-4a7c-4f57-9d67-6a1f0f6f2a11',
  phone: '+12125550103',
  name: 'Casey Collector',
  isAuthenticated: true,
  isAdmin: false,
  isManager: false,
  isImpersonated: false,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"hasOnboarding":false,"status":null}', { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
  clearAuthStateCookie();
});

function renderAt(path: string, signedIn: boolean) {
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, staleTime: Infinity } } });
  qc.setQueryData(['/api/auth/me'], signedIn ? user : null);
  if (signedIn) {
    setCredentials({ userId: user.id, authToken: 't' });
    setAuthStateCookie();
  }
  render(
    <QueryClientProvider client={qc}>
      <Router hook={memoryLocation({ path }).hook}>
        <AppRouter />
      </Router>
    </QueryClientProvider>,
  );
}

describe('not-found', () => {
  it('stays inside the member shell for a signed-in member, leading back to the dashboard', async () => {
    renderAt('/marketplace', true);
    expect(await screen.findByText('Error 404', {}, { timeout: 8000 })).toBeTruthy();
    expect((await screen.findByTestId('account-name')).textContent).toContain('Casey');
    expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('uses the public layout for a visitor', async () => {
    renderAt('/marketplace', false);
    expect(await screen.findByText('Error 404', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeTruthy();
    expect(screen.queryByTestId('account-name')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
  });
});

describe('/onboarding', () => {
  it('runs in the focused layout, without the marketing header and footer, signed in or not', async () => {
    for (const signedIn of [false, true]) {
      renderAt('/onboarding', signedIn);
      expect(await screen.findByTestId('focused-layout', {}, { timeout: 8000 })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Get Access' })).toBeNull();
      cleanup();
      clearAuthStateCookie();
    }
  });
});
