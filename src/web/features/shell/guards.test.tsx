import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { clearAuthStateCookie, setAuthStateCookie } from '#web/features/auth/auth-cookie.ts';
import { pendingReturn } from '#web/features/auth/return-to.ts';
import { setSignInOpen, useSignInOpen } from '#web/features/auth/sign-in-store.ts';
import { RequireAuth } from './guards.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  clearAuthStateCookie();
  setSignInOpen(false);
  window.history.replaceState(null, '', '/');
});

function Open() {
  return <span data-testid="open">{String(useSignInOpen())}</span>;
}

function renderGuard(path: string) {
  window.history.replaceState(null, '', path);
  const qc = new QueryClient();
  qc.setQueryData(authKeys.me, null);
  const location = memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook}>
        <RequireAuth need="user">{() => <p>secret</p>}</RequireAuth>
        <Open />
      </Router>
    </QueryClientProvider>,
  );
  return { location, view };
}

describe('a signed-in page without a session', () => {
  it('after a session ended: to / with the sign-in dialog open, remembering the page and why', async () => {
    setAuthStateCookie();
    const { location, view } = renderGuard('/registry/abc?tab=history');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(view.queryByText('secret')).toBeNull();
    expect(view.getByTestId('open').textContent).toBe('true');
    expect(pendingReturn()).toEqual({ path: '/registry/abc?tab=history', reason: 'session_ended' });
  });

  it('never signed in: the same, said as a plain sign-in', async () => {
    const { location } = renderGuard('/secure');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(pendingReturn()).toEqual({ path: '/secure', reason: 'sign_in' });
  });
});
