import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardValuation, type CardDetail, type CardMarket } from '#common/cards.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { CardValuation } from './card-valuation.tsx';

const market: CardMarket = {
  constituentId: 'k1',
  name: '2018 Panini Prizm Luka Doncic #280 Silver PSA 10',
  priceCents: 420_000,
  observedOn: '2026-11-20',
  stale: false,
};
const detail = (over: Partial<CardDetail> & { market?: CardMarket | null }): CardDetail => {
  const { market: m = market, ...rest } = over;
  const base = { id: 'c1', estimatedValueCents: 400_000, estimatePinned: false, events: [], ...rest } as CardDetail;
  return { ...base, valuation: cardValuation(base, m) };
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderValuation = (card: CardDetail) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CardValuation card={card} />
    </QueryClientProvider>,
  );

describe('a card’s value on its page', () => {
  it('shows the market value with the day of the last sale while the card follows the market', () => {
    renderValuation(detail({}));
    expect(screen.getByRole('heading', { name: 'Market value' })).toBeTruthy();
    expect(screen.getByTestId('card-value').textContent).toBe('$4,200(as of Nov 20, 2026)');
    expect(screen.getByText(/is not counted while you follow the market/).textContent).toContain('$4,000');
    expect(screen.queryByRole('button', { name: 'Follow the market' })).toBeNull();
  });

  it('shows the pinned estimate with the market value beneath, and switches back to the market', async () => {
    fetchMock.mockResolvedValue(json(200, detail({})));
    renderValuation(detail({ estimatePinned: true }));
    expect(screen.getByRole('heading', { name: 'Your estimate' })).toBeTruthy();
    expect(screen.getByTestId('card-value').textContent).toBe('$4,000');
    expect(screen.getByText(/^Market value/).textContent).toBe('Market value $4,200 (as of Nov 20, 2026)');
    fireEvent.click(screen.getByRole('button', { name: 'Follow the market' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/cards/c1/pinned-estimate');
    expect(fetchMock.mock.calls[0][1].method).toBe('DELETE');
  });

  it('pins a typed amount in cents and refuses one that is not dollars without asking the server', async () => {
    fetchMock.mockResolvedValue(json(200, detail({ estimatePinned: true, estimatedValueCents: 512_550 })));
    renderValuation(detail({}));
    fireEvent.click(screen.getByRole('button', { name: 'Pin my estimate' }));
    const amount = screen.getByLabelText('Your estimate (USD)');
    expect((amount as HTMLInputElement).value).toBe('4000');
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin estimate' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter a dollar amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '$5,125.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin estimate' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init.method, JSON.parse(init.body)]).toEqual(['/api/cards/c1/pinned-estimate', 'PUT', { estimatedValueCents: 512_550 }]);
  });

  it('shows just the estimate when no constituent prices the card', () => {
    renderValuation(detail({ market: null }));
    expect(screen.getByText('Estimated value')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('a refused estimate', () => {
  it('shows the server’s word on the amount beside the field and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(
      json(400, { status: 'error', error: 'Invalid input', fieldErrors: { estimatedValueCents: ['Estimated value must be whole cents'] } }),
    );
    renderValuation(detail({}));
    fireEvent.click(screen.getByRole('button', { name: 'Pin my estimate' }));
    const amount = screen.getByLabelText('Your estimate (USD)');
    fireEvent.change(amount, { target: { value: '5,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin estimate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Estimated value must be whole cents');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain('-help');
    expect((amount as HTMLInputElement).value).toBe('5,000');
  });
});
