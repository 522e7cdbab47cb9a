import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundDetail, FundsListResponse, FundPosition } from '#common/funds.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import FundDetailPage from './fund-detail-page.tsx';
import FundsPage from './funds-page.tsx';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
cleanUpMemberPagesAfterEach();

const FUND_ID = '0b6b1c38-5a8e-4d5c-9d0e-8d7c2f1e0a11';
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = {
  id: FUND_ID,
  name: 'Vintage Baseball Fund',
  slug: 'vintage-baseball',
  description: 'Anchor cards.',
  strategy: 'Pre-1975 Hall of Fame baseball.',
  status: 'open' as const,
  minimumInvestmentCents: 25_000_00,
  managementFeeBps: 150,
  inceptionDate: '2025-03-31',
  navCents: 150_000_00,
  navPerUnitCents: 11_250,
  lastValuedOn: '2026-10-31',
  performanceSinceInceptionPct: 12.5,
  performance1yPct: -3.25,
  holdingsCount: 1,
  sparkline: [
    { date: '2026-08-31', navPerUnitCents: 10_000 },
    { date: '2026-09-30', navPerUnitCents: 10_800 },
    { date: '2026-10-31', navPerUnitCents: 11_250 },
  ],
};
const position: FundPosition = {
  fundId: FUND_ID,
  fundName: 'Vintage Baseball Fund',
  fundSlug: 'vintage-baseball',
  unitsMicro: 800_000_000,
  valueCents: 90_000_00,
  investedCents: 80_000_00,
  gainCents: 10_000_00,
  navPerUnitCents: 11_250,
  lastValuedOn: '2026-10-31',
  pendingSubscriptionCents: 5_000_00,
  pendingRedemptionUnitsMicro: 0,
};

describe('/funds', () => {
  it('puts the member’s positions first, then the funds with their figures', async () => {
    const list: FundsListResponse = { funds: [card, { ...card, id: 'f2', name: 'Closed Fund', status: 'closed' }], positions: [position] };
    renderMemberPage(<FundsPage />, { '/api/funds': json(list) });
    const mine = await screen.findByTestId('fund-position');
    expect(mine.textContent).toContain('$90,000.00');
    expect(mine.textContent).toContain('+$10,000.00');
    expect(mine.textContent).toContain('800.000000 units');
    expect(mine.textContent).toContain('$5,000.00 to invest at the next valuation');
    const cards = screen.getAllByTestId('fund-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('+12.50%')).toBeTruthy();
    expect(within(cards[0]).getByText('−3.25%')).toBeTruthy();
    expect(within(cards[0]).getByText('$112.50')).toBeTruthy();
    expect(within(cards[0]).getByText('$25,000')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Closed funds' })).toBeTruthy();
    // Positions come before the fund list in reading order.
    expect(mine.compareDocumentPosition(cards[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers Retry when the list fails, never the raw error', async () => {
    renderMemberPage(<FundsPage />, { '/api/funds': json({ error: 'boom' }, 500) });
    await screen.findByRole('button', { name: /Retry/ });
    expect(document.body.textContent).not.toContain('boom');
  });
});

describe('/funds/{id}', () => {
  const detail: FundDetail = {
    ...card,
    documents: 'Offering summary',
    holdings: [],
    navSeries: [],
    indexSeries: [],
    allocation: { bySport: [], byGrade: [] },
    holdingsValueCents: 0,
    cashCents: 150_000_00,
    position: null,
    requests: [],
  };

  it('refuses an amount below the minimum beside the field and sends nothing, then sends a valid request', async () => {
    const { fetchMock } = renderMemberPage(<FundDetailPage params={{ id: FUND_ID }} />, (url, init) => {
      if (url === `/api/funds/${FUND_ID}` && (!init?.method || init.method === 'GET')) return json(detail)();
      if (url === `/api/funds/${FUND_ID}/subscription-requests`)
        return json(
          {
            request: {
              id: 'r1',
              kind: 'subscription',
              status: 'pending',
              amountCents: 30_000_00,
              unitsMicro: null,
              createdAt: '2026-11-23T00:00:00Z',
            },
            message: 'Sent',
          },
          201,
        )();
      return new Response('{}', { status: 404 });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Invest' }));
    const amount = await screen.findByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '10,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send investment request' }));
    await screen.findByText('The minimum investment in this fund is $25,000.00');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);
    expect((amount as HTMLInputElement).value).toBe('10,000');

    fireEvent.change(amount, { target: { value: '30,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send investment request' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0][1]!.body as string)).toEqual({ amountCents: 30_000_00 });
  });

  it('shows a closed fund’s Invest button disabled', async () => {
    renderMemberPage(<FundDetailPage params={{ id: FUND_ID }} />, { [`/api/funds/${FUND_ID}`]: json({ ...detail, status: 'closed' }) });
    const invest = await screen.findByRole('button', { name: 'Invest' });
    expect((invest as HTMLButtonElement).disabled).toBe(true);
  });
});
