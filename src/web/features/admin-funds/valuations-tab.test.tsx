import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminFundDetail } from '#common/funds.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { ValuationsTab } from './valuations-tab.tsx';

const data = {
  fund: { id: 'fund-1' },
  valuations: [
    {
      id: 'v1',
      valuedOn: '2026-10-31',
      navPerUnitCents: 10_000,
      holdingsValueCents: 0,
      cashCents: 0,
      feeCents: 0,
      navCents: 0,
      unitsAfterMicro: 0,
      dealtCount: 0,
      subscriptionsCents: 0,
      redemptionsCents: 0,
    },
  ],
} as unknown as AdminFundDetail;

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderTab(respond: () => Response) {
  fetchMock.mockImplementation(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ValuationsTab data={data} />
    </QueryClientProvider>,
  );
}

describe('run a valuation (admin)', () => {
  it('refuses a date not after the last valuation before asking for a preview', async () => {
    renderTab(() => new Response('{}'));
    fireEvent.change(screen.getByLabelText('Valuation date'), { target: { value: '2026-10-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^A valuation must be after the last one/);
    expect(screen.getByLabelText('Valuation date').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's reason on the date and keeps it", async () => {
    renderTab(
      () =>
        new Response(JSON.stringify({ status: 'error', error: 'Invalid', fieldErrors: { valuedOn: ['No marks are recorded for that day'] } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    fireEvent.change(screen.getByLabelText('Valuation date'), { target: { value: '2026-11-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No marks are recorded for that day')).toBeTruthy();
    expect(screen.getByLabelText('Valuation date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Valuation date').value).toBe('2026-11-15');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/admin/funds/fund-1/valuations/preview');
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ valuedOn: '2026-11-15' });
  });
});
