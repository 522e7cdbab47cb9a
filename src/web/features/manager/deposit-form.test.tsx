import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { DepositForm } from './deposit-form.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = {
  id: 'c1',
  name: 'Taylor Client',
  kycStatus: 'approved',
  minimumCents: 10_000_000,
  wireInstructionsSet: true,
} as unknown as ManagerClientDetail;

describe('deposit confirmation', () => {
  it('asks again, showing the amount, and sends only once it is typed the same', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DepositForm client={client} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Amount received (USD)'), { target: { value: '125,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit received' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('$125,000.00');
    expect(dialog.textContent).toContain('Taylor Client');
    const confirm = screen.getByRole('button', { name: 'Activate account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const again = screen.getByLabelText('Type the amount again');
    fireEvent.change(again, { target: { value: '12500' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(again, { target: { value: '$125000.00' } });
    expect(confirm.disabled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/manager/clients/c1/confirm-deposit');
    expect(JSON.parse(init.body)).toEqual({ amountCents: 12_500_000 });
  });

  it('refuses what is not an amount in dollars and cents (an exponent, a third decimal)', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DepositForm client={client} />
      </QueryClientProvider>,
    );
    for (const value of ['1e5', '125000.505', '0']) {
      fireEvent.change(screen.getByLabelText('Amount received (USD)'), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit received' }));
      expect(await screen.findByText('Enter the amount received')).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
  });

  it('cancelling sends nothing', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DepositForm client={client} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit received' }));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a refused deposit', () => {
  it('shows the server’s word on the amount beside the field and keeps what was typed', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ status: 'error', error: 'Invalid input', fieldErrors: { amountCents: ['Below the tier’s minimum of $100,000'] } }),
          {
            status: 400,
          },
        ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DepositForm client={client} />
      </QueryClientProvider>,
    );
    const amount = screen.getByLabelText('Amount received (USD)');
    fireEvent.change(amount, { target: { value: '90,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit received' }));
    await screen.findByRole('alertdialog');
    fireEvent.change(screen.getByLabelText('Type the amount again'), { target: { value: '90000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Below the tier’s minimum of $100,000');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect((amount as HTMLInputElement).value).toBe('90,000');
  });
});
