import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminKycDocument } from '#common/kyc.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import AdminKycPage from './admin-kyc-page.tsx';
import { kycKeys } from './api/keys.ts';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

const doc: AdminKycDocument = {
  id: 'd1',
  type: 'id_front',
  status: 'pending',
  note: null,
  contentType: 'image/jpeg',
  sizeBytes: 1000,
  createdAt: '2026-11-20T12:00:00Z',
  reviewedAt: null,
  user: { id: 'u2', name: 'Casey Collector', phone: '+12125550103' },
  reviewer: null,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The queue as the server has it, and a review whose answer waits until the test lets it through. */
function server(answer: () => Response) {
  let pending = [doc];
  let letThrough = () => {};
  const handler = (url: string, init?: RequestInit) => {
    if (url === `/api/admin/kyc/documents/${doc.id}` && init?.method === 'PATCH') {
      pending = [];
      return new Promise<Response>((resolve) => (letThrough = () => resolve(answer())));
    }
    if (url.startsWith('/api/admin/kyc/documents'))
      return json({ documents: pending, counts: { pending: pending.length, approved: 0, rejected: 0 } });
    return json({}, 404);
  };
  return { handler, letAnswerThrough: () => letThrough() };
}

describe('approving a KYC document', () => {
  it('says so in a toast even though the live update took the card out of the queue first', async () => {
    toast.mockClear();
    const { handler, letAnswerThrough } = server(() => json({ status: 'success', document: { ...doc, status: 'approved' } }));
    const { queryClient, urls } = renderMemberPage(<AdminKycPage />, handler);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve ID front of Casey Collector' }));
    await waitFor(() => expect(urls()).toContain(`/api/admin/kyc/documents/${doc.id}`));
    // As kyc_document_updated does: the queue is fetched again before the review's answer is in.
    await act(() => queryClient.invalidateQueries({ queryKey: kycKeys.adminDocuments }));
    await screen.findByText('Nothing to review');
    letAnswerThrough();
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Document approved', description: 'ID front of Casey Collector.' }));
  });

  it('says it was not saved when the server refuses, even with the card gone', async () => {
    toast.mockClear();
    const { handler, letAnswerThrough } = server(() => json({ error: 'conflict', message: 'Already reviewed' }, 409));
    const { queryClient, urls } = renderMemberPage(<AdminKycPage />, handler);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve ID front of Casey Collector' }));
    await waitFor(() => expect(urls()).toContain(`/api/admin/kyc/documents/${doc.id}`));
    await act(() => queryClient.invalidateQueries({ queryKey: kycKeys.adminDocuments }));
    await screen.findByText('Nothing to review');
    letAnswerThrough();
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Not saved' })));
  });
});
