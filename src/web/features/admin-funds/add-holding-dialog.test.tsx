import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryDefaults } from '#web/lib/query-client.ts';
import { AddHoldingDialog } from './add-holding-dialog.tsx';

const candidate = {
  cardId: 'card-1',
  year: 1986,
  brand: 'Fleer',
  subject: 'Michael Jordan',
  grader: 'PSA',
  grade: '9',
  ownerId: 'house',
  ownerName: null,
  fromHouse: true,
  estimatedValueCents: 1_250_000,
  constituentId: null,
};

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(add: () => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return add();
    if (url.includes('/candidate-cards')) return new Response(JSON.stringify({ cards: [candidate] }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AddHoldingDialog fundId="fund-1" cashCents={2_000_000} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);

describe('add a card to a fund (admin)', () => {
  it('asks for a card and a cost the cash covers before the review', async () => {
    renderDialog(() => new Response('{}', { status: 201 }));
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Choose a card')).toBeTruthy();
    expect(screen.getByText('Enter an amount above $0.00')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Michael Jordan/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Cost basis (USD)').value).toBe('12500');
    fireEvent.change(screen.getByLabelText('Cost basis (USD)'), { target: { value: '25,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('The fund’s cash ($20,000.00) does not cover this')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('buys the card in cents once confirmed', async () => {
    const onClose = renderDialog(() => new Response('{}', { status: 201 }));
    fireEvent.click(await screen.findByRole('radio', { name: /Michael Jordan/ }));
    fireEvent.change(screen.getByLabelText('Acquired on'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy into the fund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([{ cardId: 'card-1', costBasisCents: 1_250_000, acquiredOn: '2026-11-02' }]);
  });

  it("back on the form after a refusal, with the server's field error on its field and what was typed", async () => {
    const onClose = renderDialog(
      () =>
        new Response(JSON.stringify({ status: 'error', error: 'Invalid', fieldErrors: { acquiredOn: ['The card was vaulted after that day'] } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: /Michael Jordan/ }));
    fireEvent.change(screen.getByLabelText('Acquired on'), { target: { value: '2026-01-02' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'From the estate lot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy into the fund' }));
    expect(await screen.findByText('The card was vaulted after that day')).toBeTruthy();
    expect(screen.getByLabelText('Acquired on').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe('From the estate lot');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Michael Jordan/ }).checked).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
