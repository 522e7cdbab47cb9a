import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { huntMessages, type BoardHunt } from '#common/hunts.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { OfferDialog } from './offer-dialog.tsx';

cleanUpMemberPagesAfterEach();

const hunt = { id: 'h1', year: 2018, set: 'Prizm', player: 'Luka Doncic' } as BoardHunt;
const card = { id: 'c1', year: 2018, brand: 'Panini Prizm', subject: 'Luka Doncic', grader: 'PSA', grade: '10', custody: 'with_owner' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const show = (post: () => Response) =>
  renderMemberPage(<OfferDialog hunt={hunt} onOpenChange={() => {}} />, (_url, init) => (init?.method === 'POST' ? post() : json({ cards: [card] })));
const posted = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([u, i]) => [u, JSON.parse(String(i!.body))] as unknown);

describe('offering a card for a hunt', () => {
  it('asks for a card and a price beside their fields, then sends a card described by hand', async () => {
    const { fetchMock } = show(() => json({ id: 's1' }, 201));
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(huntMessages.cardOrDescription)).toBeTruthy();
    expect(screen.getByText(huntMessages.price)).toBeTruthy();
    expect(screen.getByLabelText('Card').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Card'), { target: { value: '__hand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Describe the card')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Describe the card'), { target: { value: ' 2018 Prizm Luka Silver PSA 9 ' } });
    fireEvent.change(screen.getByLabelText('Asking price (USD)'), { target: { value: '4,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toEqual([
      expect.stringContaining('h1'),
      { cardId: null, description: '2018 Prizm Luka Silver PSA 9', askingPriceCents: 450_000, note: null },
    ]);
  });

  it('shows the server’s word on the price beside it and keeps what was typed', async () => {
    show(() => json({ status: 'error', error: 'Invalid input', fieldErrors: { askingPriceCents: ['Above the hunt’s budget'] } }, 400));
    await waitFor(() => expect(screen.getByRole('option', { name: /Luka Doncic/ })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Card'), { target: { value: 'c1' } });
    const price = screen.getByLabelText('Asking price (USD)');
    fireEvent.change(price, { target: { value: '9,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Above the hunt’s budget');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect((price as HTMLInputElement).value).toBe('9,000');
    expect((screen.getByLabelText('Card') as HTMLSelectElement).value).toBe('c1');
  });
});
