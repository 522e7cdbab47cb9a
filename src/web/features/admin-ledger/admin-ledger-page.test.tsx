import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntriesResponse, Reconciliation, TrialBalance } from '#common/ledger.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import AdminLedgerPage from './admin-ledger-page.tsx';

cleanUpMemberPagesAfterEach();
afterEach(() => window.history.replaceState(null, '', '/'));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const tb: TrialBalance = {
  debitsCents: 9_000,
  creditsCents: 9_000,
  balanced: true,
  accounts: [
    { code: 'member_receivable', name: 'Member receivable', kind: 'asset', balanceCents: 0 },
    { code: 'provider_clearing', name: 'Payment provider clearing', kind: 'asset', balanceCents: 4_500 },
    { code: 'fee_income', name: 'Fee income', kind: 'income', balanceCents: 4_500 },
  ],
};
const invoiceId = '3f0c2b1a-1111-4222-8333-444455556666';
const entries: LedgerEntriesResponse = {
  page: 1,
  pageSize: 50,
  entries: [
    {
      id: 'e1',
      causeType: 'payment_settled',
      causeId: invoiceId,
      memo: 'Payment for INV-001234',
      currency: 'USD',
      occurredAt: '2030-01-15T12:00:00.000Z',
      reversesEntryId: null,
      lines: [
        {
          account: 'provider_clearing',
          accountName: 'Payment provider clearing',
          debitCents: 4_500,
          creditCents: 0,
          memo: null,
          related: { kind: 'invoice', id: invoiceId },
          invoiceId,
        },
        {
          account: 'member_receivable',
          accountName: 'Member receivable',
          debitCents: 0,
          creditCents: 4_500,
          memo: 'INV-001234',
          related: { kind: 'invoice', id: invoiceId },
          invoiceId,
        },
      ],
    },
  ],
};

describe('/admin/ledger', () => {
  it('shows the trial balance and the journal, and filters the journal by account', async () => {
    const { urls } = renderMemberPage(<AdminLedgerPage />, (url) =>
      url === '/api/admin/ledger/trial-balance' ? json(tb) : url.startsWith('/api/admin/ledger/entries') ? json(entries) : json({}, 404),
    );
    expect(await screen.findByText('Balanced')).toBeTruthy();
    expect(screen.getByText('Debits $90.00')).toBeTruthy();
    expect(screen.getByText('Credits $90.00')).toBeTruthy();
    expect((await screen.findAllByText('Payment for INV-001234')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: /Fee income/ })[0]!);
    await waitFor(() => expect(urls().some((u) => String(u).includes('account=fee_income'))).toBe(true));
  });

  it('says when the books do not balance', async () => {
    renderMemberPage(<AdminLedgerPage />, (url) =>
      url === '/api/admin/ledger/trial-balance'
        ? json({ ...tb, creditsCents: 8_999, balanced: false })
        : url.startsWith('/api/admin/ledger/entries')
          ? json({ ...entries, entries: [] })
          : json({}, 404),
    );
    expect(await screen.findByText('Out of balance')).toBeTruthy();
    expect(await screen.findByText('No entries yet')).toBeTruthy();
  });

  it('lists reconciliation runs with their differences, and reconciles a chosen day', async () => {
    const run: Reconciliation = {
      id: 'r1',
      day: '2030-01-14',
      provider: 'stripe',
      status: 'mismatched',
      ledgerPaymentsCents: 9_000,
      ledgerRefundsCents: 0,
      providerPaymentsCents: 10_234,
      providerRefundsCents: 0,
      matchedCount: 1,
      pairedByAmountCount: 0,
      mismatches: [{ kind: 'missing_in_ledger', flow: 'payment', reference: 'pi_stray', ledgerCents: 0, providerCents: 1_234, invoiceId: null }],
      error: null,
      ranBy: null,
      createdAt: '2030-01-15T00:15:00.000Z',
    };
    const posted: unknown[] = [];
    renderMemberPage(<AdminLedgerPage />, (url, init) => {
      if (url === '/api/admin/ledger/reconciliations' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ ...run, id: 'r2', day: '2026-01-10', status: 'matched', mismatches: [], ranBy: 'admin' }, 201);
      }
      if (url === '/api/admin/ledger/reconciliations') return json({ reconciliations: [run] });
      return url === '/api/admin/ledger/trial-balance' ? json(tb) : url.startsWith('/api/admin/ledger/entries') ? json(entries) : json({}, 404);
    });
    expect((await screen.findAllByText('Differences')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/At the provider, not in the ledger/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('pi_stray').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-01-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reconcile' }));
    await waitFor(() => expect(posted).toEqual([{ day: '2026-01-10' }]));
    expect(await screen.findByText(/Jan 10, 2026: matched/)).toBeTruthy();
  });
});
