import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { TermsPrompt } from './terms-prompt.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: '0b8f6f5e-4a7c-4f57-9d67-6a1f0f6f2a11',
  phone: '+12125550103',
  name: 'Casey Collector',
  isAuthenticated: true,
  isAdmin: false,
  isManager: false,
  isImpersonated: false,
};
const terms = {
  slug: 'terms',
  title: 'Terms of Use',
  version: 2,
  html: '<h1>Terms</h1><p>Fees are shown first.</p>',
  updatedAt: '2026-06-01T00:00:00Z',
  effectiveAt: '2026-06-01T00:00:00Z',
  summary: 'A section on fees',
};

function renderPrompt(termsToAccept: number | null) {
  const qc = createQueryClient();
  qc.setQueryData(['/api/auth/me'], { ...user, termsToAccept });
  const { hook } = memoryLocation({ path: '/dashboard' });
  return render(
    <QueryClientProvider client={qc}>
      <Router hook={hook}>
        <TermsPrompt />
      </Router>
    </QueryClientProvider>,
  );
}

describe('TermsPrompt', () => {
  it('shows nothing when no terms await acceptance', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPrompt(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks to read and accept the new version, then records it', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/legal/terms') return new Response(JSON.stringify(terms), { status: 200 });
      if (url === '/api/legal/terms/accept' && init?.method === 'POST') return new Response(JSON.stringify({ status: 'success' }), { status: 200 });
      return new Response(JSON.stringify({ ...user, termsToAccept: null }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPrompt(2);
    const dialog = await screen.findByRole('dialog', { name: 'Our Terms of Use have changed' });
    expect(await screen.findByText('Fees are shown first.')).toBeTruthy();
    expect(screen.getByText('A section on fees')).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept and continue' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/I have read and accept the Terms of Use, version 2/));
    expect(accept.disabled).toBe(false);
    fireEvent.click(accept);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/legal/terms/accept' && JSON.parse(String(i?.body)).version === 2)).toBe(true),
    );
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});
