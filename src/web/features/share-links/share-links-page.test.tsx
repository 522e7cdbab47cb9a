import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import ShareLinksPage from './share-links-page.tsx';

cleanUpMemberPagesAfterEach();
// The views chart measures its box; jsdom has no ResizeObserver.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);

const cardId = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const links = {
  card: { id: cardId, subject: 'Luka Doncic', year: 2018, brand: 'Panini Prizm', grade: '10', grader: 'PSA' },
  links: [],
  viewsPerDay: [],
};

const show = (post: () => Response) =>
  renderMemberPage(<ShareLinksPage params={{ id: cardId }} />, (url, init) => (init?.method === 'POST' ? post() : json(links)));
const posted = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([, i]) => JSON.parse(String(i!.body)) as unknown);

describe('creating a share link', () => {
  it('sends the label trimmed, the expiry in days and the name choice, then clears the label', async () => {
    const { fetchMock } = show(() => json({ id: 'l1', url: 'https://x/s/abc', token: 'abc' }, 201));
    const label = await screen.findByLabelText('Label');
    fireEvent.change(label, { target: { value: '  For Dana  ' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Show my first name on the shared page'));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual([{ label: 'For Dana', expiresInDays: 30, showOwnerName: true }]));
    await waitFor(() => expect((label as HTMLInputElement).value).toBe(''));
  });

  it('shows the server’s word on a field beside it and keeps what was typed', async () => {
    show(() => json({ status: 'error', error: 'Invalid input', fieldErrors: { label: ['That label is already used for this card'] } }, 400));
    const label = await screen.findByLabelText('Label');
    fireEvent.change(label, { target: { value: 'For Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That label is already used for this card');
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect((label as HTMLInputElement).value).toBe('For Dana');
  });
});
