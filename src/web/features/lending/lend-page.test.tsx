import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardSummary } from '#common/cards.ts';
import { defaultLendingPolicy, type LoanDetail, type LoanQuote, type PublicLendingTerms } from '#common/lending.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { applicationIssues, cardRefusal } from './application.ts';
import LendPage from './lend-page.tsx';

cleanUpMemberPagesAfterEach();

const { originationFeeTemplateId: _, ...policy } = defaultLendingPolicy;
const terms: PublicLendingTerms = { ...policy, originationFee: [{ label: 'Origination', fixedCents: null, basisPoints: 100 }] };
const card = (id: string, over: Partial<CardSummary> = {}): CardSummary => ({
  id,
  subject: `Player ${id}`,
  year: 2000,
  brand: 'Topps',
  grade: 'MINT 9',
  grader: 'PSA',
  certNumber: '123',
  custody: 'with_owner',
  hold: null,
  estimatedValueCents: 500_000,
  thumbnailUrl: null,
  ...over,
});
const cards = [card('c1'), card('c2', { hold: 'listing' }), card('c3', { grader: 'raw', grade: null })];
const quote = (amountCents: number): LoanQuote => ({
  cards: [
    {
      cardId: 'c1',
      subject: 'Player c1',
      year: 2000,
      estimatedValueCents: 500_000,
      marketValueCents: null,
      appraisedValueCents: 500_000,
      basisCents: 500_000,
      basisSource: 'appraisal',
      refusal: null,
    },
  ],
  collateralValueCents: 500_000,
  maxLoanCents: 200_000,
  minLoanCents: 100_000,
  amountCents,
  termMonths: 6,
  aprBps: 1800,
  monthlyPaymentCents: 35_104,
  totalInterestCents: 10_624,
  originationFeeCents: 2_000,
  totalCostCents: 12_624,
  totalRepaidCents: 212_624,
  schedule: [],
  issue: null,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('the application form', () => {
  it('reads dollars and says, in the server’s words, what is wrong with each field', () => {
    expect(parseDollarsToCents('$1,500.50')).toBe(150_050);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(cardRefusal(cards[1]!)).toBe('This card is listed for sale');
    expect(cardRefusal(cards[2]!)).toBe('Only graded cards can be pledged');
    expect(cardRefusal(card('x', { custody: 'in_transit' }))).toMatch(/in transit/);
    const form = { cardIds: ['c1'], amount: '2,500', termMonths: 6, purpose: '' };
    expect(applicationIssues(form, terms, 200_000)).toEqual({
      amount: 'The most you can borrow against these cards is $2,000.00',
      purpose: 'Tell us what the loan is for',
    });
    expect(applicationIssues({ ...form, amount: '900', purpose: 'x' }, terms, 200_000)).toEqual({ amount: 'The minimum loan is $1,000.00' });
    expect(applicationIssues({ ...form, amount: '1500', purpose: 'x', termMonths: 12 }, { ...terms, terms: [3, 6] }, 200_000)).toEqual({
      term: 'That term is not offered right now',
    });
    expect(applicationIssues({ cardIds: [], amount: '', termMonths: 6, purpose: 'x' }, terms, null)).toEqual({
      cards: 'Choose at least one card as collateral',
      amount: 'Enter the amount you want to borrow',
    });
  });
});

describe('/lend', () => {
  it('shows the terms before the form, prices the chosen cards, keeps what was typed on a refusal, and applies', async () => {
    let applied: unknown = null;
    const { urls } = renderMemberPage(<LendPage />, (url, init) => {
      if (url === '/api/user/loans') return json({ loans: [], terms });
      if (url === '/api/cards') return json({ cards });
      if (url.startsWith('/api/loans/quote')) return json(quote(Number(new URL(url, 'http://x').searchParams.get('amountCents') ?? 200_000)));
      if (url === '/api/loans' && init?.method === 'POST') {
        applied = JSON.parse(String(init.body));
        return json({ error: 'This card is pledged as loan collateral' }, 409);
      }
      return json({}, 404);
    });
    const list = await screen.findByTestId('lend-terms');
    expect(list.textContent).toContain('up to 40% of the value');
    expect(list.textContent).toContain('the lower of your estimate and its market value in our index, or our appraisal');
    expect(list.textContent).toContain('APR is from 9.00% to 18.00%');
    expect(list.textContent).toContain('origination fee of 1% of the loan');
    expect(list.textContent).toContain('unpaid 7 days after its due date');

    // The held and the raw card cannot be picked, and say why.
    const picker = await screen.findByTestId('collateral-picker');
    const boxes = within(picker).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([false, true, true]);
    expect(picker.textContent).toContain('This card is listed for sale');

    fireEvent.click(boxes[0]!);
    await waitFor(() => expect(screen.getByTestId('quote-max').textContent).toBe('$2,000.00'));
    expect(urls().some((u) => u.startsWith('/api/loans/quote?cardIds=c1&termMonths=6&aprBps=1800'))).toBe(true);

    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '2,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply for this loan' }));
    expect(await screen.findByText('The most you can borrow against these cards is $2,000.00')).toBeTruthy();
    expect(screen.getByText('Tell us what the loan is for')).toBeTruthy();
    expect(screen.getByLabelText('Amount (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(applied).toBeNull();

    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '1,500' } });
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'Auction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply for this loan' }));
    // The server's 409 lands beside the cards; the amount and purpose stay as typed.
    expect(await screen.findByText('This card is pledged as loan collateral', { selector: '[role="alert"]' })).toBeTruthy();
    expect(applied).toEqual({ cardIds: ['c1'], amountRequestedCents: 150_000, termMonths: 6, purpose: 'Auction' });
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('1,500');
    expect((screen.getByLabelText('Purpose') as HTMLTextAreaElement).value).toBe('Auction');
  });

  it('shows a conditional offer with the in-hand message, and a funded loan’s next payment leading to checkout', async () => {
    const base = {
      borrower: { id: 'u1', name: 'Casey' },
      amountRequestedCents: 150_000,
      termMonths: 6,
      purpose: 'Auction',
      offeredTermMonths: 6,
      aprBps: 1200,
      ltvAtOfferBps: 3000,
      offerExpiresAt: '2026-12-07T00:00:00Z',
      acceptedAt: null,
      maturityDate: null,
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
    };
    const offered = {
      ...base,
      id: '00000000-0000-4000-8000-000000000001',
      status: 'conditionally_approved',
      offeredAmountCents: 150_000,
      fundedAt: null,
      outstandingPrincipalCents: 0,
    } as LoanDetail;
    const funded = {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      status: 'funded',
      offeredAmountCents: 150_000,
      fundedAt: '2026-10-01T12:00:00Z',
      outstandingPrincipalCents: 150_000,
      liveLtvBps: 4500,
      ltvWarning: true,
      nextPayment: {
        installmentNumber: 1,
        dueDate: '2026-11-01',
        amountCents: 25_881,
        invoiceId: '00000000-0000-4000-8000-0000000000aa',
        overdue: true,
      },
    } as LoanDetail;
    renderMemberPage(<LendPage />, (url) => {
      if (url === '/api/user/loans') return json({ loans: [offered, funded], terms });
      if (url === `/api/user/loans/${offered.id}`) return json({ loan: offered });
      if (url === `/api/user/loans/${funded.id}`) return json({ loan: funded });
      if (url === '/api/cards') return json({ cards: [] });
      return json({}, 404);
    });
    const offer = await screen.findByTestId('loan-offer');
    expect(offer.textContent).toContain('$1,500.00 at 12.00% APR over 6 months');
    expect(offer.textContent).toContain('The item must be received in hand: our team will pick it up and call you to schedule.');
    expect(within(offer).getByRole('button', { name: 'Accept offer' })).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('my-loan')[1]!);
    const next = await screen.findByTestId('next-payment');
    expect(next.textContent).toContain('(overdue)');
    expect(within(next).getByRole('link', { name: 'Pay installment 1' }).getAttribute('href')).toBe(
      '/checkout?invoice=00000000-0000-4000-8000-0000000000aa',
    );
    // Live LTV above the 40% cap warns in words.
    expect(screen.getByTestId('ltv-gauge').textContent).toContain('Above the 40.0% cap');
    expect(screen.getByRole('meter', { name: 'Loan-to-value' }).getAttribute('aria-valuetext')).toBe('45.0%, cap 40.0%');
  });
});

describe('a refused application', () => {
  it('shows the server’s field errors beside their fields and keeps what was typed', async () => {
    renderMemberPage(<LendPage />, (url, init) => {
      if (url === '/api/user/loans') return json({ loans: [], terms });
      if (url === '/api/cards') return json({ cards });
      if (url.startsWith('/api/loans/quote')) return json(quote(150_000));
      if (url === '/api/loans' && init?.method === 'POST')
        return json({ status: 'error', error: 'Invalid input', fieldErrors: { purpose: ['Say a little more about the purpose'] } }, 400);
      return json({}, 404);
    });
    fireEvent.click(within(await screen.findByTestId('collateral-picker')).getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(screen.getByTestId('quote-max').textContent).toBe('$2,000.00'));
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '1,500' } });
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'Cards' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply for this loan' }));
    expect(await screen.findByText('Say a little more about the purpose', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByLabelText('Purpose').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Purpose') as HTMLTextAreaElement).value).toBe('Cards');
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('1,500');
  });
});
