import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ltvBands, type AdminDashboard } from '#common/admin-dashboard.ts';
import { NavProvider } from '#web/features/shell/nav-context.tsx';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import AdminDashboardPage from './admin-dashboard-page.tsx';

cleanUpMemberPagesAfterEach();
afterEach(() => window.history.replaceState(null, '', '/'));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const day = (i: number) => new Date(Date.UTC(2026, 4, 3 + i)).toISOString();

function dashboard(over: Partial<AdminDashboard> = {}): AdminDashboard {
  const series = Array.from({ length: 30 }, (_, i) => ({
    start: day(i),
    end: day(i + 1),
    newMembers: i === 29 ? 1 : 0,
    accessRequests: i >= 28 ? 2 : 0,
    salesCount: i === 10 ? 2 : 0,
    gmvCents: i === 10 ? 310_000 : 0,
    aumCents: 0,
  }));
  return {
    counts: { members: 42, pendingAccessRequests: 3, requestsThisWeek: 4, smsSentToday: 7 },
    recentAccessRequests: [],
    asOf: '2026-06-01T15:00:00.000Z',
    todayStart: '2026-06-01T00:00:00.000Z',
    weekStart: '2026-06-01T00:00:00.000Z',
    period: '30d',
    periodStart: day(0),
    bucket: 'day',
    business: {
      members: { active: 42, newInPeriod: 1, pendingAccessRequests: 3, requestsInPeriod: 4 },
      kyc: { pendingDocuments: 5, membersWaiting: 2 },
      marketplace: { gmvCents: 310_000, salesCount: 2, activeListings: 35, reservedListings: 1 },
      lending: {
        outstandingCents: 3_445_213,
        fundedLoans: 2,
        applicationsToReview: 1,
        overdueInstallments: 1,
        overdueCents: 41_004,
        ltv: ltvBands.map((b) => ({
          label: b.label,
          minBps: b.minBps,
          loans: b.minBps === 2000 ? 2 : 0,
          outstandingCents: b.minBps === 2000 ? 3_445_213 : 0,
        })),
      },
      funds: { aumCents: 0, openFunds: 0 },
      invoices: { openCount: 8, openCents: 544_764, overdueCount: 4, overdueCents: 176_800 },
      hunts: { openHunts: 13, huntsToReview: 4, openSources: 2, sourcesToReview: 3 },
    },
    series,
    ...over,
  };
}

const allPages = { hasRoute: () => true, hasPage: () => true, adminHome: '/admin' };
const render = (handler: (url: string) => Response) =>
  renderMemberPage(
    <NavProvider value={allPages}>
      <AdminDashboardPage />
    </NavProvider>,
    handler,
  );

describe('/admin', () => {
  it('shows each tile with its figure and its queue, and each chart said in words with its table', async () => {
    render((url) => (url.startsWith('/api/admin/dashboard?') ? json(dashboard()) : json({}, 404)));
    const tile = async (name: RegExp) => screen.findByRole('link', { name });
    expect((await tile(/^Loans outstanding/)).getAttribute('href')).toBe('/admin/loans');
    expect((await tile(/^Loans outstanding/)).textContent).toContain('$34,452');
    expect((await tile(/^Overdue invoices/)).getAttribute('href')).toBe('/admin/invoices?status=overdue');
    expect((await tile(/^Overdue invoices/)).textContent).toContain('$1,768');
    expect((await tile(/^KYC queue/)).textContent).toContain('Documents from 2 members to review');
    expect((await tile(/^Overdue installments/)).getAttribute('href')).toBe('/admin/loans?status=funded');
    expect((await tile(/^Open hunts/)).textContent).toContain('4 waiting for approval');

    const sales = screen.getByTestId('chart-card-sales');
    expect(sales.textContent).toContain('2 sales worth $3,100.00 over the last 30 days. The biggest day was May 13, with $3,100.00.');
    const table = within(sales).getByRole('table', { name: 'Sales and GMV' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /May 13/ }).textContent).toContain('$3,100.00');
    // No valuation: the chart says so instead of drawing a flat line.
    const aum = screen.getByTestId('chart-card-aum');
    expect(aum.textContent).toContain('No fund has been valued yet.');
    expect(within(aum).queryByRole('table')).toBeNull();
    expect(screen.getByTestId('chart-card-ltv').textContent).toContain('2 funded loans by loan-to-value today: 2 at 20–30%.');
  });

  it('keeps the period in the URL and asks for it', async () => {
    window.history.replaceState(null, '', '/admin?period=90d');
    const { urls } = render((url) => {
      const period = new URLSearchParams(url.split('?')[1]).get('period');
      return json(dashboard({ period: period as AdminDashboard['period'], bucket: period === '12m' ? 'month' : period === '90d' ? 'week' : 'day' }));
    });
    const periods = await screen.findByRole('group', { name: 'Period' });
    expect(within(periods).getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(urls().some((u) => /period=90d/.test(u))).toBe(true));
    fireEvent.click(within(periods).getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(urls().some((u) => /period=12m/.test(u))).toBe(true));
    expect(window.location.search).toBe('?period=12m');
    await screen.findByRole('heading', { name: 'Over the last 12 months' });
    // The default leaves the URL clean.
    fireEvent.click(within(periods).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows skeletons while loading and a way to try again when the load fails', async () => {
    let fail = true;
    render(() => (fail ? json({ error: 'boom' }, 500) : json(dashboard())));
    expect(screen.getAllByRole('link', { name: /^Members/ })[0]!.querySelector('[data-slot="skeleton"], .animate-pulse')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the dashboard.");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('link', { name: /^Funds AUM/ })).textContent).toContain('$0');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says a referral-only request was referred by someone, not that the referrer applied', async () => {
    const request = {
      id: '00000000-0000-4000-8000-000000000077',
      phone: '+12125550178',
      instagram: null,
      referral: 'Casey Collector',
      termsAccepted: true,
      privacyAccepted: true,
      marketingOptIn: false,
      smsOptIn: true,
      status: 'pending' as const,
      isMember: false,
      laterSubmissions: [],
      laterCount: 0,
      note: null,
      reviewer: null,
      reviewedAt: null,
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
    };
    render((url) => (url.startsWith('/api/admin/dashboard?') ? json(dashboard({ recentAccessRequests: [request] })) : json({}, 404)));
    expect(await screen.findByText('referred by Casey Collector')).toBeTruthy();
  });
});
