import { lazy } from 'react';
import DashboardPage from '#web/features/dashboard/dashboard-page.tsx';
import { AfterFirstPaint } from '#web/components/after-first-paint.tsx';
import { withMarketComparison } from './with-market-comparison.tsx';

// The invoice list (and the money contract's schemas) loads after the dashboard's first paint.
const MemberInvoicesSection = lazy(() =>
  import('#web/features/payments/member-invoices-section.tsx').then((m) => ({ default: m.MemberInvoicesSection })),
);

// The member's fund totals load the same way, after first paint; the section hides itself without positions.
const DashboardFundsSection = lazy(() => import('#web/features/funds/dashboard-funds-section.tsx'));

// The member's alerts ("Watching"), after first paint too.
const WatchingSection = lazy(() => import('#web/features/alerts/watching-section.tsx'));

/** The dashboard with the funds summary and the payments feature's invoice list below the account cards. */
function DashboardWithInvoices() {
  return (
    <DashboardPage
      funds={
        <AfterFirstPaint>
          <DashboardFundsSection />
        </AfterFirstPaint>
      }
      watching={
        <AfterFirstPaint>
          <WatchingSection />
        </AfterFirstPaint>
      }
      invoices={
        <AfterFirstPaint>
          <MemberInvoicesSection />
        </AfterFirstPaint>
      }
    />
  );
}

/** /dashboard: the member's dashboard and invoices, then "Your collection vs the market". */
export default withMarketComparison(DashboardWithInvoices);
