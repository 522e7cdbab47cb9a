import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '#common/money.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { adminInvoiceKeys } from './api/keys.ts';
import { draft } from './draft-invoice.fixture.ts';
import { InvoiceEditor } from './invoice-editor.tsx';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

const sent: Invoice = { ...draft, status: 'sent', sentAt: '2026-11-21T00:00:00Z', updatedAt: '2026-11-21T00:00:00Z' };

/** Invoice fetches wait until the test lets them answer. */
let waiting: Array<() => void> = [];
const answerInvoiceFetches = () => {
  waiting.forEach((answer) => answer());
  waiting = [];
};

/** As on the invoice's page: only a draft is edited, and the editor is keyed by update time. */
function Host() {
  const invoice = useQuery({
    queryKey: adminInvoiceKeys.detail(draft.id),
    queryFn: () => new Promise<Invoice>((r) => waiting.push(() => r(sent))),
    initialData: draft,
    staleTime: Infinity,
  });
  return invoice.data.status === 'draft' ? <InvoiceEditor key={invoice.data.updatedAt} invoice={invoice.data} onVoid={() => {}} /> : <p>Sent</p>;
}

describe('sending an invoice', () => {
  it('says so in a toast even though the editor is gone once the invoice is sent', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, {
      '/api/admin/invoices/i1': () => new Response(JSON.stringify({ invoice: sent })),
      '/api/admin/fee-templates': () => new Response(JSON.stringify({ templates: [] })),
    });
    fireEvent.click(screen.getByRole('button', { name: /^Send$/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send invoice' }));
    await screen.findByText('Sent'); // the editor is gone; the invoice is still being fetched again
    answerInvoiceFetches();
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Invoice sent', description: 'INV-000042 is on its way to Marcus Lee.' }));
  });
});
