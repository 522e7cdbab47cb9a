import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingOffer, ListingOffersResponse } from '#common/listing-offers.ts';
import type { ListingDetail } from '#common/marketplace.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { ListingOffersPanel } from './listing-offers-panel.tsx';

cleanUpMemberPagesAfterEach();

const listingId = '7d2c4c1e-8a51-4d55-9a2a-0f6d1f0b2a11';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const card = {
  id: 'c1',
  subject: 'Wayne Gretzky',
  year: 1979,
  brand: 'O-Pee-Chee',
  cardNumber: '18',
  variety: null,
  sport: 'hockey',
  grader: 'PSA',
  grade: 'NM-MT 8',
  gradeValue: 8,
  certNumber: '1',
  thumbnailUrl: null,
} as const;
// Only the fields the panel reads.
const listing = {
  id: listingId,
  cardId: 'c1',
  priceCents: 2_650_000,
  status: 'active',
  isMine: false,
  boughtByMe: false,
  card,
} as unknown as ListingDetail;
const offer = (o: Partial<ListingOffer>): ListingOffer => ({
  id: 'o1',
  listingId,
  amountCents: 2_400_000,
  counterCents: null,
  agreedCents: null,
  status: 'open',
  message: null,
  expiresAt: '2026-12-05T12:00:00.000Z',
  buyer: { id: 'b1', name: 'Jordan Reyes' },
  seller: { kind: 'member', id: 's1', name: 'Casey Collector' },
  listing: { priceCents: 2_650_000, status: 'active', minOfferCents: null, card },
  checkoutPath: null,
  history: [],
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
  ...o,
});
const posts = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');

describe('making an offer on the listing page', () => {
  it('refuses an offer at the asking price beside the field, then sends the cents and the message typed', async () => {
    const got: ListingOffersResponse = { offers: [], canAnswer: false, minOfferCents: 2_000_000 };
    const { fetchMock } = renderMemberPage(<ListingOffersPanel listing={listing} readOnly={false} />, (_url, init) =>
      init?.method === 'POST' ? json(offer({ amountCents: 2_500_050 }), 201) : json(got),
    );
    const form = await screen.findByTestId('make-offer');
    expect(within(form).getByText(/the seller takes offers from \$20,000\.00/)).toBeTruthy();
    const amount = within(form).getByLabelText('Your offer ($)');
    fireEvent.change(amount, { target: { value: '26,500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('An offer must be below the asking price');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '$25,000.50' } });
    fireEvent.change(within(form).getByLabelText('Message to the seller (optional)'), { target: { value: ' Ready today ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`/api/listings/${listingId}/offers`);
    expect(JSON.parse(String(init!.body))).toEqual({ amountCents: 2_500_050, message: 'Ready today' });
  });

  it('shows the server’s word on the amount beside the field', async () => {
    renderMemberPage(<ListingOffersPanel listing={listing} readOnly={false} />, (_url, init) =>
      init?.method === 'POST'
        ? json(
            {
              status: 'error',
              error: 'The seller accepts offers from $20,000.00',
              fieldErrors: { amountCents: ['The seller accepts offers from $20,000.00'] },
            },
            400,
          )
        : json({ offers: [], canAnswer: false, minOfferCents: null }),
    );
    const form = await screen.findByTestId('make-offer');
    fireEvent.change(within(form).getByLabelText('Your offer ($)'), { target: { value: '15000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The seller accepts offers from $20,000.00');
  });

  it('a countered offer shows the counter with Accept counter and Decline counter, and no new offer form', async () => {
    renderMemberPage(<ListingOffersPanel listing={listing} readOnly={false} />, () =>
      json({ offers: [offer({ status: 'countered', counterCents: 2_550_000 })], canAnswer: false, minOfferCents: null }),
    );
    const item = await screen.findByTestId('listing-offer');
    expect(within(item).getByText('$25,500.00')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Accept counter' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Decline counter' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Withdraw offer' })).toBeNull();
    expect(screen.queryByTestId('make-offer')).toBeNull();
  });

  it('the seller sees Accept, Counter and Decline; accepting asks first and then posts', async () => {
    const { fetchMock } = renderMemberPage(<ListingOffersPanel listing={{ ...listing, isMine: true }} readOnly={false} />, (_url, init) =>
      init?.method === 'POST'
        ? json(offer({ status: 'accepted', agreedCents: 2_400_000 }))
        : json({ offers: [offer({})], canAnswer: true, minOfferCents: null }),
    );
    const item = await screen.findByTestId('listing-offer');
    fireEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/reserved for the buyer at \$24,000\.00/);
    expect(posts(fetchMock)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![0]).toBe('/api/offers/o1/accept');
  });
});
