import type { FundCard as FundCardData } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useFunds } from './api/get-funds.ts';
import { FundCard } from './fund-card.tsx';
import { PositionList } from './position-list.tsx';

function FundGrid({ title, funds }: { title: string; funds: readonly FundCardData[] }) {
  if (funds.length === 0) return null;
  const id = `funds-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-4">
      <h2 id={id} className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {funds.map((f) => (
          <FundCard key={f.id} fund={f} />
        ))}
      </ul>
    </section>
  );
}

/** /funds: the member's positions first (when they have any), then open and closed funds as cards. */
export default function FundsPage() {
  const query = useFunds();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow="Funds"
        title="Card funds"
        description="Professionally managed portfolios of graded cards, valued monthly. Each unit's value follows the fund's cards and cash."
      />
      <PageQuery query={query} loadingLabel="Loading funds" errorTitle="We couldn't load the funds" skeletons={['h-40', 'h-72']}>
        {(data) => (
          <>
            {data.positions.length > 0 && (
              <section aria-labelledby="your-positions" className="grid grid-cols-1 gap-4">
                <h2 id="your-positions" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
                  Your positions
                </h2>
                <PositionList positions={data.positions} />
              </section>
            )}
            {data.funds.length === 0 ? (
              <EmptyState title="No funds yet" description="Funds appear here when the team opens them." />
            ) : (
              <>
                <FundGrid title="Open funds" funds={data.funds.filter((f) => f.status === 'open')} />
                <FundGrid title="Closed funds" funds={data.funds.filter((f) => f.status === 'closed')} />
              </>
            )}
          </>
        )}
      </PageQuery>
    </div>
  );
}
