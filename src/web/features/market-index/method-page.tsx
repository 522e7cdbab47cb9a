import { formatDate } from '#web/lib/dates.ts';
import { groupThousands } from '#common/format.ts';
import { ELIGIBILITY, INDEX_BASE_LEVEL, weightingLabels } from '#common/market-index-values.ts';
import { PageQuery } from '#web/components/page-query.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { useDivisorLog } from './api/get-divisor-log.ts';
import { IndexHero } from './index-hero.tsx';

// Subscripts are <sub> and Σ is in the system font: Inter has ᵢ and Σ only in its latin-ext and
// greek files (106 KB), which the page's largest text would otherwise wait for (decision 150).
const Sigma = () => <span className="font-system">Σ</span>;
const num = (v: number | null) => (v == null ? '—' : v.toPrecision(8));
/** Lists of up to this many cards are shown in full; longer ones fold behind a count. */
const SHOWN_NAMES = 3;

/** The cards one adjustment let in and took out: short lists in full, long ones (the base date's) folded. */
function Changes({ added, removed }: { added: { name: string }[]; removed: { name: string }[] }) {
  if (!added.length && !removed.length) return <>—</>;
  return (
    <div className="grid gap-1">
      {(
        [
          ['In', added],
          ['Out', removed],
        ] as const
      ).map(([label, list]) =>
        !list.length ? null : list.length <= SHOWN_NAMES ? (
          <p key={label}>
            <span className="font-medium">{label}:</span> {list.map((x) => x.name).join('; ')}
          </p>
        ) : (
          <details key={label} className="group">
            <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {label}: {list.length} cards
            </summary>
            <ul className="mt-1 grid gap-0.5 pl-4">
              {list.map((x, i) => (
                <li key={i}>{x.name}</li>
              ))}
            </ul>
          </details>
        ),
      )}
    </div>
  );
}

/** /wsi: the method in plain words, the formula, the rule, the current divisor and the whole divisor log. */
export default function MethodPage() {
  const query = useDivisorLog();
  return (
    <div>
      <IndexHero>
        <h1 className="font-display text-3xl font-semibold">How the Market Index is calculated</h1>
        <p className="mt-2 max-w-2xl text-white/75">
          Every number on the index pages can be reproduced from the published prices with the rules below.
        </p>
      </IndexHero>
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
        <section className="grid gap-3">
          <h2 className="text-xl font-semibold">The formula</h2>
          <p className="rounded-xl border bg-muted/40 p-4 font-mono text-sm" data-testid="formula">
            Level(t) = Σ w<sub>i</sub> · p<sub>i</sub>(t) ÷ D
          </p>
          <p>
            p<sub>i</sub>(t) is the price of card i on day t: the last observed sale on or before that day (several sales on one day: their average).
            w<sub>i</sub> is its weight, and D the divisor. On the base date D is set so the level is {groupThousands(String(INDEX_BASE_LEVEL))}.
          </p>
          <p>
            Each time the members or their weights change, D is adjusted so the level does not jump: D′ = D × (<Sigma /> w′<sub>i</sub> · p
            <sub>i</sub>) ÷ (<Sigma /> w<sub>i</sub> · p<sub>i</sub>), both sums at the same day’s prices. Every adjustment is listed below.
          </p>
        </section>
        <section className="grid gap-3">
          <h2 className="text-xl font-semibold">Which cards are in it</h2>
          <p>
            A constituent is one card identity: player, year, set, card number, variety, grader and grade. It is eligible when it has at least{' '}
            {ELIGIBILITY.longSales} observed sales in the {ELIGIBILITY.longDays} days up to a review, and at least {ELIGIBILITY.shortSales} in the
            last {ELIGIBILITY.shortDays} days. Eligibility is reviewed on the first day of every month, whenever an administrator publishes a review,
            and on the day a card is retired.
          </p>
          <p>
            Staleness: between reviews a member’s price is carried forward however old it is; once its last sale is older than the staleness limit
            below it is marked stale, and at the next review a card without a sale in the last {ELIGIBILITY.shortDays} days leaves.
          </p>
        </section>
        <PageQuery query={query} loadingLabel="Loading the divisor log" errorTitle="The divisor log could not be loaded" skeletons={['h-24', 'h-72']}>
          {(d) => (
            <>
              <section className="grid gap-2 rounded-xl border bg-card p-4 sm:p-6">
                <h2 className="text-xl font-semibold">Current settings</h2>
                <dl className="grid gap-2 sm:grid-cols-2">
                  <div>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">Weighting</dt>
                    <dd>{weightingLabels[d.settings.weighting]}</dd>
                  </div>
                  <div>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">Base date</dt>
                    <dd>{formatDate(d.settings.baseDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">Staleness limit</dt>
                    <dd>{d.settings.staleAfterDays} days</dd>
                  </div>
                  <div>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">Current divisor</dt>
                    <dd className="tabular" data-testid="current-divisor">
                      {num(d.currentDivisor)}
                    </dd>
                  </div>
                </dl>
                <p className="text-sm text-muted-foreground">Prices are in cents, so the divisor is too.</p>
              </section>
              <section className="grid gap-3">
                <h2 className="text-xl font-semibold">Divisor log ({d.entries.length})</h2>
                <ResponsiveTable
                  rows={[...d.entries].reverse()}
                  rowKey={(e) => `${e.effectiveOn}-${e.reason}`}
                  rowTestId="divisor-row"
                  columns={[
                    { id: 'day', header: 'Date', card: 'primary', cell: (e) => formatDate(e.effectiveOn) },
                    { id: 'reason', header: 'Reason', card: 'aside', className: 'min-w-36 whitespace-normal', cell: (e) => e.reason },
                    {
                      id: 'old',
                      header: 'Old divisor',
                      className: 'tabular text-right',
                      headerClassName: 'text-right',
                      cell: (e) => num(e.oldDivisor),
                    },
                    {
                      id: 'new',
                      header: 'New divisor',
                      className: 'tabular text-right',
                      headerClassName: 'text-right',
                      cell: (e) => num(e.newDivisor),
                    },
                    {
                      id: 'changes',
                      header: 'Cards in and out',
                      card: 'wide',
                      className: 'min-w-44 whitespace-normal text-xs',
                      cell: (e) => <Changes added={e.added} removed={e.removed} />,
                    },
                  ]}
                />
              </section>
            </>
          )}
        </PageQuery>
      </div>
    </div>
  );
}
