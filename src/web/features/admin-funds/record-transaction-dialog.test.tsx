import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminFundDetail } from '#common/funds.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const investor = (id: string, name: string, unitsMicro: number, pendingRedemptionUnitsMicro = 0) => ({
  user: { id, name, phone: '+12125550103' },
  unitsMicro,
  valueCents: 0,
  investedCents: 0,
  pendingSubscriptionCents: 0,
  pendingRedemptionUnitsMicro,
});
const data = {
  fund: { id: 'fund-1' },
  investors: [investor('u-casey', 'Casey Collector', 12_500_000, 2_500_000), investor('u-jordan', 'Jordan Reyes', 1_000_000)],
} as unknown as AdminFundDetail;

function renderDialog(respond: () => Response = () => new Response(JSON.stringify({ id: 't-1' }), { status: 201 })) {
  fetchMock.mockImplementation(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RecordTransactionDialog data={data} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse((init as RequestInit).body as string) as unknown }));

describe('record a fund transaction (admin)', () => {
  it('asks for the investor and a positive amount before anything is sent', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Choose the investor', { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.getByText('Enter an amount above $0.00')).toBeTruthy();
    expect(screen.getByLabelText('Investor').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reviews a subscription in dollars and sends it in exact cents once confirmed', async () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Investor'), { target: { value: 'u-jordan' } });
    fireEvent.change(screen.getByLabelText('Amount received (USD)'), { target: { value: '12,500.10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Record this subscription?')).toBeTruthy();
    expect(screen.getByText('$12,500.10')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Record subscription' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([
      {
        url: expect.stringContaining('/api/admin/funds/fund-1/transactions'),
        body: { kind: 'subscription', userId: 'u-jordan', amountCents: 1_250_010 },
      },
    ]);
  });

  it('refuses to redeem more units than the investor holds less what is already being redeemed', async () => {
    renderDialog();
    fireEvent.click(screen.getByLabelText('Redemption (units out)'));
    fireEvent.change(screen.getByLabelText('Investor'), { target: { value: 'u-casey' } });
    fireEvent.change(screen.getByLabelText('Units to redeem'), { target: { value: '10.000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('You can redeem at most 10.000000 units')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Units to redeem'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Record this redemption?')).toBeTruthy();
  });

  it("shows the server's field error on the field and keeps what was typed", async () => {
    renderDialog(
      () =>
        new Response(
          JSON.stringify({ status: 'error', error: 'Below the minimum', fieldErrors: { amountCents: ['Below the fund minimum of $25,000.00'] } }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    fireEvent.change(screen.getByLabelText('Investor'), { target: { value: 'u-jordan' } });
    fireEvent.change(screen.getByLabelText('Amount received (USD)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record subscription' }));
    expect(await screen.findByText('Below the fund minimum of $25,000.00')).toBeTruthy();
    expect((screen.getByLabelText('Amount received (USD)') as HTMLInputElement).value).toBe('100');
    expect(screen.getByLabelText('Amount received (USD)').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Investor') as HTMLSelectElement).value).toBe('u-jordan');
  });
});
