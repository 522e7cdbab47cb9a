import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultLendingPolicy, type AdminLoanDetail } from '#common/lending.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import AdminLoansPage from './admin-loans-page.tsx';
import { offerIssues, percentToBps } from './offer.ts';

cleanUpMemberPagesAfterEach();

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const loan = (over: Partial<AdminLoanDetail>): AdminLoanDetail => ({
  id: '00000000-0000-4000-8000-000000000001',
  borrower: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Casey Collector', phone: '+12125550103' },
  status: 'submitted',
  amountRequestedCents: 300_000,
  termMonths: 6,
  purpose: 'Auction',
  offeredAmountCents: null,
  offeredTermMonths: null,
  aprBps: null,
  ltvAtOfferBps: null,
  offerExpiresAt: null,
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
  collateral: [
    {
      cardId: '00000000-0000-4000-8000-0000000000c1',
      subject: 'Stephen Curry',
      year: 2009,
      brand: 'Topps Chrome',
      grader: 'PSA',
      grade: 'GEM MT 10',
      certNumber: '61873204',
      custody: 'in_transit',
      thumbnailUrl: null,
      valueAtApplicationCents: 500_000,
      currentValueCents: 500_000,
      estimateCents: 900_000,
      marketValueCents: 500_000,
      appraisedValueCents: null,
      appraisedAt: null,
      basisCents: 500_000,
      basisSource: 'market',
      pledged: false,
      needsReview: false,
    },
  ],
  schedule: [],
  invoices: [],
  events: [{ from: null, to: 'submitted', note: null, actorName: 'Casey Collector', at: '2026-11-20T12:00:00Z' }],
  payoffToday: null,
  allCollateralInVault: false,
  pastGrace: false,
  ...over,
});
const counts = { submitted: 1, conditionally_approved: 0, accepted: 1, funded: 0, paid: 0, defaulted: 0, rejected: 0, declined: 0, expired: 0 };

describe('the offer form', () => {
  it('never lets an offer exceed the LTV cap and keeps the APR within the policy', () => {
    expect(percentToBps('12.5%')).toBe(1250);
    const p = defaultLendingPolicy;
    expect(offerIssues({ amount: '2000.01', apr: '12', termMonths: 6, note: '' }, 200_000, p)).toEqual({
      amount: 'The offer cannot exceed $2,000.00 (the LTV cap)',
    });
    expect(offerIssues({ amount: '2000', apr: '25', termMonths: 6, note: '' }, 200_000, p)).toEqual({ apr: 'The APR must be from 9.00% to 18.00%' });
    expect(offerIssues({ amount: '2000', apr: '9', termMonths: 6, note: '' }, 200_000, p)).toEqual({});
  });
});

describe('/admin/loans', () => {
  it('lists the queue with counts, and the offer starts at the cap when more was asked, refusing more', async () => {
    let patched: unknown = null;
    renderMemberPage(<AdminLoansPage />, (url, init) => {
      if (url === '/api/admin/loans?page=1') return json({ loans: [loan({})], total: 1, page: 1, pageSize: 50, counts });
      if (url === '/api/admin/loans/00000000-0000-4000-8000-000000000001' && init?.method === 'PATCH') {
        patched = JSON.parse(String(init.body));
        return json({ loan: loan({ status: 'conditionally_approved' }) });
      }
      if (url === '/api/admin/loans/00000000-0000-4000-8000-000000000001') return json({ loan: loan({}) });
      if (url === '/api/admin/settings/lending') return json({ policy: { ...defaultLendingPolicy }, terms: {} });
      return json({}, 404);
    });
    const filter = await screen.findByRole('group', { name: 'Status' });
    await waitFor(() => expect(within(filter).getByRole('button', { name: /^All/ }).textContent).toBe('All2'));
    expect(within(filter).getByRole('button', { name: /^Submitted/ }).textContent).toBe('Submitted1');

    const review = await screen.findByTestId('loan-review');
    // $3,000 asked against $5,000 of collateral at a 40% cap: the form starts at the cap.
    const amount = (await within(review).findByLabelText('Amount offered (USD)')) as HTMLInputElement;
    expect(amount.value).toBe('2000.00');
    expect(review.textContent).toContain('Cap: $2,000.00 (40% of $5,000.00 collateral value)');
    expect(within(review).queryByRole('button', { name: /^Receive/ })).toBeNull();

    fireEvent.change(amount, { target: { value: '2,500' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Send offer' }));
    expect(await within(review).findByText('The offer cannot exceed $2,000.00 (the LTV cap)')).toBeTruthy();
    expect(patched).toBeNull();

    fireEvent.change(amount, { target: { value: '1,800' } });
    fireEvent.change(within(review).getByLabelText('APR (%)'), { target: { value: '12.5' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Send offer' }));
    await waitFor(() =>
      expect(patched).toEqual({ status: 'conditionally_approved', offeredAmountCents: 180_000, aprBps: 1250, termMonths: 6, note: null }),
    );
  });

  it('funds only once every card is in the vault', async () => {
    const waiting = loan({ status: 'accepted', offeredAmountCents: 150_000, aprBps: 1200, offeredTermMonths: 6 });
    renderMemberPage(<AdminLoansPage />, (url) => {
      if (url.startsWith('/api/admin/loans?')) return json({ loans: [waiting], total: 1, page: 1, pageSize: 50, counts });
      if (url.startsWith('/api/admin/loans/')) return json({ loan: waiting });
      if (url === '/api/admin/settings/lending') return json({ policy: defaultLendingPolicy, terms: {} });
      return json({}, 404);
    });
    const checklist = await screen.findByTestId('funding-checklist');
    expect((within(checklist).getByRole('button', { name: 'Fund loan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(checklist.textContent).toContain('Every collateral card must be received in the vault before funding.');
    // The pledged card on its way is received into the vault from here.
    expect(screen.getByRole('button', { name: 'Receive 2009 Topps Chrome Stephen Curry in vault' })).toBeTruthy();
  });

  it('shows each card’s estimate, market value and appraisal beside the offer', async () => {
    renderMemberPage(<AdminLoansPage />, (url) => {
      if (url.startsWith('/api/admin/loans?')) return json({ loans: [loan({})], total: 1, page: 1, pageSize: 50, counts });
      if (url.startsWith('/api/admin/loans/')) return json({ loan: loan({}) });
      if (url === '/api/admin/settings/lending') return json({ policy: defaultLendingPolicy, terms: {} });
      return json({}, 404);
    });
    const table = await screen.findByTestId('offer-basis');
    const row = within(table).getByRole('row', { name: /Stephen Curry/ });
    expect(row.textContent).toBe('2009 Stephen Curry$9,000$5,000—$5,000Market value');
  });

  it('asks for the reason when a funded loan is defaulted with nothing past its grace, and sends it as an override', async () => {
    const funded = loan({
      status: 'funded',
      offeredAmountCents: 150_000,
      aprBps: 1200,
      offeredTermMonths: 6,
      fundedAt: '2026-11-21T12:00:00Z',
      outstandingPrincipalCents: 150_000,
    });
    let patched: unknown = null;
    renderMemberPage(<AdminLoansPage />, (url, init) => {
      if (url.startsWith('/api/admin/loans?')) return json({ loans: [funded], total: 1, page: 1, pageSize: 50, counts });
      if (url.startsWith('/api/admin/loans/') && init?.method === 'PATCH') {
        patched = JSON.parse(String(init.body));
        return json({ loan: { ...funded, status: 'defaulted' } });
      }
      if (url.startsWith('/api/admin/loans/')) return json({ loan: funded });
      if (url === '/api/admin/settings/lending') return json({ policy: defaultLendingPolicy, terms: {} });
      return json({}, 404);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark defaulted…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('No installment is unpaid past its grace period');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Default with this reason' }));
    expect(await within(dialog).findByText('Give the reason for defaulting now')).toBeTruthy();
    expect(patched).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Reason for defaulting now'), { target: { value: 'Borrower declared bankruptcy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Default with this reason' }));
    await waitFor(() => expect(patched).toEqual({ status: 'defaulted', overrideReason: 'Borrower declared bankruptcy' }));
  });
});
