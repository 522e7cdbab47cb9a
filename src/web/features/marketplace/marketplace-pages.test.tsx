import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CardSummary } from '#common/cards.ts';
import type { ListingCard, ListingDetail, SaleRow } from '#common/marketplace.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { BuyPanel } from './buy-panel.tsx';
import MarketplacePage from './marketplace-page.tsx';
import { NewSellOfferDialog } from './offer-dialogs.tsx';
import SalesPage from './sales-page.tsx';

const listing: ListingCard = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  cardId: '6f1c2d3e-0000-4000-8000-0000000000c1',
  priceCents: 560_000,
  status: 'active',
  featured: true,
  featuredUntil: '2099-01-01T00:00:00Z',
  seller: { kind: 'house', id: null, name: null },
  card: {
    id: 'c1',
    subject: 'Connor McDavid',
    year: 2015,
    brand: 'Upper Deck Young Guns',
    cardNumber: '201',
    variety: null,
    sport: 'hockey',
    grader: 'PSA',
    grade: 'GEM MT 10',
    gradeValue: 10,
    certNumber: '1',
    thumbnailUrl: null,
  },
  reservedUntil: null,
  reservedByMe: false,
  createdAt: '2026-11-01T00:00:00Z',
};
const detail = (over: Partial<ListingDetail> = {}): ListingDetail => ({
  ...listing,
  images: { front: null, back: null },
  population: null,
  provenance: { inVaultSince: '2026-10-01T00:00:00Z', certRecheckedAt: null, eventCount: 2 },
  isMine: false,
  boughtByMe: false,
  reservation: null,
  similar: [],
  reservationMinutes: 15,
  ...over,
});

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderAt(path: string, page: React.ReactNode, respond: (url: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {page}
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('Private MarketPlace pages', () => {
  it('/secure sends the linked filters to the server in cents and shows the featured slab', async () => {
    renderAt('/secure?sport=hockey&gradeMin=9&priceMax=10000&sort=price_asc', <MarketplacePage />, () =>
      Response.json({ listings: [listing], page: 1, pageSize: 24, hasMore: false, reservationMinutes: 15 }),
    );
    await screen.findAllByText('Connor McDavid', {}, { timeout: 4_000 });
    expect(screen.getByRole('link', { name: 'Connor McDavid' }).getAttribute('href')).toBe(`/secure/${listing.id}`);
    expect(screen.getByText('Featured')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/listings');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sport: 'hockey', minGrade: '9', maxPriceCents: '1000000', sort: 'price_asc' });
    expect((screen.getByLabelText('Sport') as HTMLSelectElement).value).toBe('hockey');
  });

  it('/secure says so when nothing matches, and Clear filters empties the URL', async () => {
    const location = renderAt('/secure?sport=golf', <MarketplacePage />, () =>
      Response.json({ listings: [], page: 1, pageSize: 24, hasMore: false, reservationMinutes: 15 }),
    );
    expect(await screen.findByText('No listings match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location.history.at(-1)).toBe('/secure'));
  });

  it('/secure says how long Buy holds a card as the marketplace settings say, and no number before it knows', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async () => {
      await answered;
      return Response.json({ listings: [listing], page: 1, pageSize: 24, hasMore: false, reservationMinutes: 40 });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
        <Router hook={memoryLocation({ path: '/secure' }).hook}>
          <MarketplacePage />
        </Router>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Graded cards held in our vault, offered to members. Buying holds a card for you while you pay.')).toBeTruthy();
    answer();
    expect(
      await screen.findByText(
        'Graded cards held in our vault, offered to members. Buying holds a card for you for 40 minutes while you pay.',
        {},
        { timeout: 4_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/15 minutes/)).toBeNull();
  });

  it('Buy holds for the configured minutes', () => {
    renderAt('/secure/x', <BuyPanel listing={detail({ reservationMinutes: 25 })} onChanged={() => {}} />, () => Response.json({}));
    expect(screen.getByText(/holds this card for you alone for 25 minutes while you pay at checkout/)).toBeTruthy();
  });

  it('Buy explains the hold and opens checkout; a lost race shows the server’s reason', async () => {
    let calls = 0;
    const location = renderAt('/secure/x', <BuyPanel listing={detail()} onChanged={() => {}} />, (url) => {
      calls++;
      if (calls === 1)
        return new Response(JSON.stringify({ status: 'error', error: 'This card was just reserved by another member' }), { status: 409 });
      return Response.json({
        listingId: listing.id,
        invoiceId: 'inv1',
        reservedUntil: '2099-01-01T00:00:00Z',
        checkoutPath: '/checkout?invoice=inv1',
        url,
      });
    });
    expect(screen.getByText(/holds this card for you alone for 15 minutes/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('This card was just reserved by another member')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/checkout?invoice=inv1'));
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/listings/${listing.id}/reserve`);
  });

  it('a reservation shows the countdown, checkout and cancel; someone else’s shows only that it is reserved', () => {
    const until = new Date(Date.now() + 14 * 60_000 + 30_000).toISOString();
    renderAt(
      '/secure/x',
      <BuyPanel
        listing={detail({
          status: 'reserved',
          reservedUntil: until,
          reservedByMe: true,
          reservation: { invoiceId: 'inv1', reservedUntil: until, checkoutPath: '/checkout?invoice=inv1' },
        })}
        onChanged={() => {}}
      />,
      () => Response.json({}),
    );
    expect(screen.getByTestId('reservation-countdown').textContent).toMatch(/^14:(29|30)$/);
    expect(screen.getByRole('link', { name: 'Continue to checkout' }).getAttribute('href')).toBe('/checkout?invoice=inv1');
    expect(screen.getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    cleanup();
    renderAt('/secure/x', <BuyPanel listing={detail({ status: 'reserved', reservedUntil: until })} onChanged={() => {}} />, () => Response.json({}));
    expect(screen.getByText('Reserved by another member.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('the sell-offer picker offers every card from GET /api/cards (unpaged), a held one disabled', async () => {
    const summary = (i: number, over: Partial<CardSummary> = {}): CardSummary => ({
      id: `card-${i}`,
      subject: `Player ${i}`,
      year: 1990,
      brand: 'Topps',
      grade: 'MINT 9',
      grader: 'PSA',
      certNumber: String(i),
      custody: 'in_vault',
      hold: null,
      estimatedValueCents: 1_000,
      thumbnailUrl: null,
      ...over,
    });
    // More than a registry page: the picker must not be limited to one.
    const cards = Array.from({ length: 60 }, (_, i) => summary(i, i === 0 ? { hold: 'listing' } : {}));
    renderAt('/sales', <NewSellOfferDialog open onOpenChange={() => {}} />, (url) => {
      if (new URL(url, 'http://x').pathname === '/api/cards') return Response.json({ cards });
      return new Response('not found', { status: 404 });
    });
    const select = await screen.findByLabelText('Card from your registry');
    await waitFor(() => expect(select.querySelectorAll('option[value^="card-"]')).toHaveLength(60));
    expect((select.querySelector('option[value="card-0"]') as HTMLOptionElement).disabled).toBe(true);
    expect(fetchMock.mock.calls.map(([u]) => new URL(u as string, 'http://x').pathname)).not.toContain('/api/registry');
  });
});

describe('/sales', () => {
  const sale = (over: Partial<SaleRow>): SaleRow => ({
    id: 's1',
    kind: 'marketplace',
    listingId: listing.id,
    sellOfferId: null,
    invoiceId: null,
    card: listing.card,
    buyer: { kind: 'member', id: 'me', name: null },
    seller: { kind: 'house', id: null, name: null },
    priceCents: 1_800_000,
    feesCents: 145_500,
    totalCents: 1_800_000,
    sellerProceedsCents: 1_654_500,
    payoutStatus: 'owed',
    payoutPaidAt: null,
    soldAt: '2026-11-20T12:00:00Z',
    ...over,
  });

  it('shows the buyer what they paid, never the seller’s commission; the seller sees the fees', async () => {
    renderAt('/sales', <SalesPage />, (url) =>
      url.startsWith('/api/user/sales')
        ? new Response(JSON.stringify({ bought: [sale({})], sold: [sale({ id: 's2' })] }))
        : new Response('{}', { status: 404 }),
    );
    const bought = await screen.findAllByTestId('sale-bought');
    expect(bought[0]!.textContent).toContain('$18,000.00');
    expect(bought[0]!.textContent).not.toContain('$1,455.00');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sold' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Sold' }));
    const sold = await screen.findAllByTestId('sale-sold');
    expect(sold[0]!.textContent).toContain('$1,455.00');
    expect(sold[0]!.textContent).toContain('$16,545.00');
  });
});

describe('the buy panel after a purchase', () => {
  it('tells the buyer they bought the card, with the way to it in their registry', () => {
    renderAt('/secure/x', <BuyPanel listing={detail({ status: 'sold', boughtByMe: true })} onChanged={() => {}} />, () => Response.json({}));
    expect(screen.getByRole('status').textContent).toContain('You bought this card');
    expect(screen.getByRole('link', { name: 'see your card' }).getAttribute('href')).toBe(`/registry/${listing.cardId}`);
    expect(screen.queryByText(/This is your listing/)).toBeNull();
  });
});
