import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminHunt } from '#common/hunts.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import AdminSourcesPage from './admin-sources-page.tsx';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

const hunt: AdminHunt = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'pending',
  sport: 'basketball',
  player: 'Stephen Curry',
  year: 2009,
  set: null,
  grader: null,
  minGrade: null,
  maxBudgetCents: 500_000,
  deadline: null,
  notes: null,
  statusNote: null,
  createdAt: '2026-11-20T12:00:00Z',
  history: [],
  requester: { id: 'u2', name: 'Casey Collector', phone: '+12125550103' },
  sourceCount: 0,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('reviewing the last hunt in its queue', () => {
  it('says what was done even though the emptied queue took the detail away first', async () => {
    toast.mockClear();
    let pending = [hunt];
    let afterChange = false;
    let letOffersThrough = () => {};
    renderMemberPage(<AdminSourcesPage />, (url, init) => {
      if (url === `/api/admin/hunts/${hunt.id}` && init?.method === 'PATCH') {
        pending = [];
        afterChange = true;
        return json({ ...hunt, status: 'active' });
      }
      if (url.startsWith('/api/admin/hunts')) return json({ hunts: pending });
      // The offers' queue is fetched again more slowly than the hunts'.
      if (url.startsWith('/api/admin/sources'))
        return afterChange ? new Promise<Response>((r) => (letOffersThrough = () => r(json({ sources: [] })))) : json({ sources: [] });
      return json({}, 404);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByText('Nothing here'); // the detail is gone; the offers are still being fetched again
    letOffersThrough();
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Hunt active' }));
  });
});
