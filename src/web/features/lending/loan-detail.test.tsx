import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoanDetail } from '#common/lending.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { loanKeys } from './api/keys.ts';
import { LoanDetailPanel } from './loan-detail.tsx';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('#web/hooks/use-toast.ts', () => ({ toast }));

cleanUpMemberPagesAfterEach();

const id = '00000000-0000-4000-8000-000000000001';
const offered = {
  id,
  status: 'conditionally_approved',
  borrower: { id: 'u1', name: 'Casey' },
  amountRequestedCents: 150_000,
  offeredAmountCents: 150_000,
  termMonths: 6,
  purpose: 'Auction',
  offeredTermMonths: 6,
  aprBps: 1200,
  ltvAtOfferBps: 3000,
  offerExpiresAt: '2026-12-07T00:00:00Z',
  acceptedAt: null,
  fundedAt: null,
  maturityDate: null,
  outstandingPrincipalCents: 0,
  collateralValueCents: 500_000,
  liveLtvBps: null,
  ltvWarning: false,
  maxLtvBps: 4000,
  rejectionReason: null,
  notes: null,
  reviewer: null,
  collateralCount: 1,
  nextPayment: null,
  defaultedAt: null,
  collateralListableAt: null,
  collateralTakenAt: null,
  paidAt: null,
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-20T12:00:00Z',
  collateral: [],
  schedule: [],
  invoices: [],
  events: [],
  payoffToday: null,
  allCollateralInVault: false,
  pastGrace: false,
} as LoanDetail;
/** Card fetches wait until the test lets them answer. */
let waiting: Array<() => void> = [];
const answerCardFetches = () => {
  waiting.forEach((answer) => answer());
  waiting = [];
};

/**
 * As in the app: an answer refetches the loan and the member's cards; the loan comes back first,
 * without its offer, so the buttons that answered are gone while the cards are still on their way.
 */
function Host() {
  useQuery({ queryKey: loanKeys.myCards, queryFn: () => new Promise((r) => waiting.push(() => r({ cards: [] }))) });
  return <LoanDetailPanel loanId={id} />;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The loan as the server has it: offered until answered, then in its answered state. */
function routes(answered: LoanDetail['status'], answer: () => Response = () => json({ loan: { ...offered, status: answered } })) {
  let current = offered;
  return (url: string) => {
    if (url === `/api/user/loans/${id}`) return json({ loan: current });
    if (url === `/api/loans/${id}/accept-offer` || url === `/api/loans/${id}/decline-offer`) {
      const res = answer();
      if (res.ok) current = { ...offered, status: answered };
      return res;
    }
    return json({}, 404);
  };
}

describe('answering a loan offer', () => {
  it('says the offer is accepted even though the refetched loan no longer shows the offer', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, routes('accepted'));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(screen.queryByTestId('loan-offer')).toBeNull());
    answerCardFetches();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Offer accepted', description: 'Our team will call you to schedule the pickup of your cards.' }),
    );
  });

  it('says the offer is declined once confirmed, though the offer is gone', async () => {
    toast.mockClear();
    renderMemberPage(<Host />, routes('declined'));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(screen.queryByTestId('loan-offer')).toBeNull());
    answerCardFetches();
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Offer declined' }));
  });

  it('says the answer was not saved when the server refuses it', async () => {
    toast.mockClear();
    renderMemberPage(
      <LoanDetailPanel loanId={id} />,
      routes('accepted', () => json({ error: 'conflict', message: 'This offer has expired' }, 409)),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Your answer was not saved' })));
    expect(screen.getByTestId('loan-offer')).toBeTruthy();
  });
});
