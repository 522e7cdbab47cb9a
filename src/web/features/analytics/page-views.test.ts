import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';

const sent = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/api/analytics/page-view'));

describe('recordFirstPageView', () => {
  beforeEach(() => {
    vi.resetModules(); // the module remembers the last path it recorded
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    clearCredentials();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCredentials();
  });

  it('sends a visitor’s first view at once, with keepalive', async () => {
    const { recordFirstPageView } = await import('./page-views.ts');
    recordFirstPageView(new QueryClient());
    expect(sent()).toHaveLength(1);
    expect(sent()[0][1]).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('sends a signed-in member’s first view when the page came with the user', async () => {
    setCredentials({ userId: 'u1', authToken: 't' });
    const qc = new QueryClient();
    qc.setQueryData(authKeys.me, { id: 'u1', isImpersonated: false });
    const { recordFirstPageView } = await import('./page-views.ts');
    recordFirstPageView(qc);
    expect(sent()).toHaveLength(1);
  });

  it('sends nothing for an admin viewing as a member', async () => {
    setCredentials({ userId: 'u1', authToken: 't' });
    const qc = new QueryClient();
    qc.setQueryData(authKeys.me, { id: 'u1', isImpersonated: true });
    const { recordFirstPageView } = await import('./page-views.ts');
    recordFirstPageView(qc);
    expect(sent()).toHaveLength(0);
  });

  it('waits for the user when signed in but the page did not say who', async () => {
    setCredentials({ userId: 'u1', authToken: 't' });
    const { recordFirstPageView } = await import('./page-views.ts');
    recordFirstPageView(new QueryClient());
    expect(sent()).toHaveLength(0);
  });
});
