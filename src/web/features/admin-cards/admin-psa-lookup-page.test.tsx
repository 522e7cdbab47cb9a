import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import AdminPsaLookupPage from './admin-psa-lookup-page.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminPsaLookupPage />
    </QueryClientProvider>,
  );

describe('admin PSA lookup', () => {
  it('sends a pasted list once each, in order, and shows one row per certificate', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          results: [
            {
              certNumber: '111',
              cert: {
                certNumber: '111',
                year: '1952',
                brand: 'TOPPS',
                subject: 'MICKEY MANTLE',
                cardNumber: '311',
                variety: null,
                category: 'BASEBALL CARDS',
                grade: 'NM 7',
                gradeDescription: null,
                totalPopulation: 1200,
                populationHigher: 310,
                labelType: null,
                imageFrontUrl: null,
                imageBackUrl: null,
              },
              error: null,
              fromCache: false,
            },
            { certNumber: '222', cert: null, error: 'PSA has no certificate with that number', fromCache: false },
          ],
        }),
        { status: 200 },
      ),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText('Certificate numbers'), { target: { value: '111\n222, 111 ; abc' } });
    expect(screen.getByText(/2 certificates \(1 repeated, dropped\) · not numbers, skipped: abc/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('2 looked up: 1 found, 1 without a record');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/psa/bulk');
    expect(JSON.parse(init.body)).toEqual({ certNumbers: ['111', '222'] });
    expect(screen.getAllByTestId('psa-row')).toHaveLength(2);
    expect(screen.getAllByText('PSA has no certificate with that number').length).toBeGreaterThan(0);
  });

  it('asks for a number before sending anything, and refuses more than 100', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Enter at least one certificate number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Certificate numbers'), {
      target: { value: Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',') },
    });
    expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
