import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { managerKeys } from './api/keys.ts';
import { DepositForm } from './deposit-form.tsx';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

const client = {
  id: 'c1',
  name: 'Taylor Client',
  status: 'awaiting_deposit',
  kycStatus: 'approved',
  minimumCents: 10_000_000,
  wireInstructionsSet: true,
} as unknown as ManagerClientDetail;
const active = { ...client, status: 'active' } as ManagerClientDetail;

/** Client fetches wait until the test lets them answer. */
let waiting: Array<() => void> = [];
const answerClientFetches = () => {
  waiting.forEach((answer) => answer());
  waiting = [];
};

/** As on the client's page: the deposit form shows only while the account awaits its deposit. */
function Host() {
  const detail = useQuery({
    queryKey: managerKeys.client('c1'),
    queryFn: () => new Promise<ManagerClientDetail>((r) => waiting.push(() => r(active))),
    initialData: client,
    staleTime: Infinity,
  });
  return detail.data.status === 'awaiting_deposit' ? <DepositForm client={detail.data} /> : <p>Account active</p>;
}

describe('confirming a deposit', () => {
  it('says so in a toast even though the form is gone once the account is active', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, { '/api/manager/clients/c1/confirm-deposit': () => new Response(JSON.stringify(active)) });
    fireEvent.change(screen.getByLabelText('Amount received (USD)'), { target: { value: '125,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit received' }));
    fireEvent.change(await screen.findByLabelText('Type the amount again'), { target: { value: '125000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    await screen.findByText('Account active'); // the form is gone; the client is still being fetched again
    answerClientFetches();
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Deposit confirmed', description: "Taylor Client's account is now active." }));
  });
});
