import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { marketplaceMessages } from '#common/marketplace.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { PromoteListing } from './promote-listing.tsx';

cleanUpMemberPagesAfterEach();

const listingId = '7d2c4c1e-8a51-4d55-9a2a-0f6d1f0b2a11';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posts = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');

describe('asking for a listing to be featured', () => {
  it('refuses days out of range beside the field, then sends the days typed', async () => {
    const { fetchMock } = renderMemberPage(<PromoteListing listingId={listingId} />, () => json({ id: 'p1' }));
    const days = screen.getByLabelText('Days');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request promotion' }));
    expect((await screen.findByRole('alert')).textContent).toBe(marketplaceMessages.promotionDays);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request promotion' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ listingId, days: 3 });
  });

  it('shows the server’s word on the days beside the field and keeps what was typed', async () => {
    renderMemberPage(<PromoteListing listingId={listingId} />, () =>
      json({ status: 'error', error: 'Invalid input', fieldErrors: { days: ['This listing is already featured for 5 days'] } }, 400),
    );
    const days = screen.getByLabelText('Days');
    fireEvent.change(days, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request promotion' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This listing is already featured for 5 days');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect((days as HTMLInputElement).value).toBe('5');
  });
});
