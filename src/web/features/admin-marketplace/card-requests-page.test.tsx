import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceMessages, type SellOffer } from '#common/marketplace.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import CardRequestsPage from './card-requests-page.tsx';

cleanUpMemberPagesAfterEach();

const offer = (over: Partial<SellOffer> = {}): SellOffer => ({
  id: 'offer-1',
  status: 'pending',
  card: {
    id: 'card-1',
    subject: 'Hank Aaron',
    year: 1954,
    brand: 'Topps',
    cardNumber: '128',
    variety: null,
    sport: 'baseball',
    grader: 'PSA',
    grade: '8',
    gradeValue: 8,
    certNumber: '12345678',
    thumbnailUrl: null,
    custody: 'vault',
  },
  member: { id: 'u-casey', name: 'Casey Collector' },
  priceCents: 1_250_000,
  counterPriceCents: null,
  finalPriceCents: null,
  note: 'Open to a quick sale',
  adminNote: null,
  saleId: null,
  history: [],
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

function renderSells(offers: SellOffer[]) {
  return renderMemberPage(<CardRequestsPage />, (url, init) => {
    if (init?.method === 'PATCH')
      return new Response(JSON.stringify(offer({ status: 'countered' })), { headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/sells')) return new Response(JSON.stringify({ offers }), { headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ requests: [] }), { headers: { 'content-type': 'application/json' } });
  });
}

describe('/admin/requests, sell offers', () => {
  beforeEach(() => window.history.replaceState(null, '', '/admin/requests?tab=sells'));

  it('counters an offer at a price typed in dollars, sent in cents with the note', async () => {
    const { fetchMock } = renderSells([offer()]);
    const row = (await screen.findAllByTestId('admin-sell-offer'))[0]!;
    expect(within(row).getByText('1954 Topps Hank Aaron')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('alertdialog');
    // A price the marketplace refuses is caught before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('Counter price ($)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(within(dialog).getByText(marketplaceMessages.price)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Counter price ($)'), { target: { value: '11,750.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(url).toBe('/api/admin/sells/offer-1');
    expect(JSON.parse(init!.body as string)).toEqual({ action: 'counter', note: null, counterPriceCents: 1_175_050 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('offers no actions on an offer waiting for the member', async () => {
    renderSells([offer({ status: 'countered', counterPriceCents: 1_100_000 })]);
    const row = (await screen.findAllByTestId('admin-sell-offer'))[0]!;
    expect(within(row).getByText('Waiting for the member')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Counter' })).toBeNull();
  });

  it('says when no offers wait', async () => {
    renderSells([]);
    expect(await screen.findByText('No offers waiting')).toBeTruthy();
  });
});
