import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { MemberLayout } from './member-layout.tsx';
import { NavProvider } from './nav-context.tsx';
import { queryDefaults } from '#web/lib/query-client.ts';

const base = { id: '0b8f6f5e-4a7c-4f57-9d67-6a1f0f6f2a11', phone: '+12125550103', isAuthenticated: true as const };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"hasOnboarding":false}', { status: 200 })),
  );
  setCredentials({ userId: base.id, authToken: 't' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
});

function renderShell(path: string, user: Record<string, unknown> | null, routes: string[]) {
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, staleTime: Infinity } } });
  qc.setQueryData(['/api/auth/me'], user);
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook}>
        <NavProvider value={{ hasRoute: (p) => routes.includes(p), hasPage: (p) => routes.includes(p), adminHome: '/admin' }}>
          <MemberLayout>
            <p>page body</p>
          </MemberLayout>
        </NavProvider>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('member shell (spec §2)', () => {
  it('lists only the centre links whose pages exist, highlighting the current one', () => {
    renderShell('/secure', { ...base, name: 'Casey Collector', isAdmin: false, isManager: false, isImpersonated: false }, [
      '/secure',
      '/registry',
      '/dashboard',
      '/settings',
    ]);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(main.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['Private MarketPlace', 'Registry']);
    expect(main.querySelector('[aria-current="page"]')?.textContent).toBe('Private MarketPlace');
    expect(screen.getByText('page body')).toBeTruthy();
    expect(screen.getByRole('banner').dataset.theme).toBe('default');
    expect(screen.queryByText('You are viewing this account in admin mode.')).toBeNull();
  });

  it('turns the bar to the red-to-black gradient on the market index', () => {
    renderShell('/WonderShyneIndex', { ...base, name: null, isAdmin: false, isManager: false, isImpersonated: false }, ['/WonderShyneIndex']);
    const bar = screen.getByRole('banner');
    expect(bar.dataset.theme).toBe('index');
    expect(bar.className).toContain('bg-gradient-to-r');
    expect(bar.className).toContain('text-white');
    // No name: the avatar shows the phone's second character, the label the phone.
    expect(screen.getAllByText('1')[0].getAttribute('data-slot')).toBe('avatar');
  });

  it('shows the amber banner with a Return to admin link while impersonating', () => {
    renderShell('/dashboard', { ...base, name: 'Casey Collector', isAdmin: false, isManager: false, isImpersonated: true }, []);
    expect(screen.getByText('You are viewing this account in admin mode.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to admin' }).getAttribute('href')).toBe('/admin');
  });

  it('sends a signed-out visitor to /', () => {
    const location = renderShell('/dashboard', null, ['/dashboard']);
    expect(location.history.at(-1)).toBe('/');
    expect(screen.queryByText('page body')).toBeNull();
  });
});
