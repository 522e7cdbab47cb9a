import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { useCollectionVsMarket } from './api/get-collection.ts';

const tickDay = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** "Your collection vs the market": the member's registry and the index over the last year, both rebased to 100. */
export default function CollectionVsMarketSection() {
  const query = useCollectionVsMarket();
  return (
    <section
      className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4 px-4 pb-10 sm:px-6 lg:px-8"
      aria-labelledby="collection-vs-market"
      data-testid="collection-vs-market"
    >
      <h2 id="collection-vs-market" className="text-lg font-semibold">
        Your collection vs the market
      </h2>
      <PageQuery query={query} loadingLabel="Loading the comparison" errorTitle="The comparison could not be loaded" skeletons={['h-64']}>
        {(d) =>
          d.points.length < 2 || d.cards === 0 ? (
            <p className="text-sm text-muted-foreground">Once your registry has cards and the index has a year of levels, they are compared here.</p>
          ) : (
            <div className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4 sm:p-6">
              <p className="text-sm text-muted-foreground">
                Your cards as they are today, valued each day over the last year, against the{' '}
                <Link href="/WonderShyneIndex" className="underline underline-offset-4">
                  Market Index
                </Link>
                ; both start at 100.
              </p>
              <div className="h-64 w-full">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={d.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                    <CartesianGrid stroke="#e4e4e7" vertical={false} />
                    <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={40} tick={{ fontSize: 12 }} stroke="#a1a1aa" />
                    <YAxis
                      domain={['auto', 'auto']}
                      width={44}
                      tick={{ fontSize: 12 }}
                      stroke="#a1a1aa"
                      tickFormatter={(v: number) => v.toFixed(0)}
                    />
                    <Tooltip labelFormatter={(v) => formatDate(String(v))} formatter={(v) => Number(v).toFixed(1)} />
                    <Legend />
                    <Line
                      type="linear"
                      dataKey="collection"
                      name="Your collection"
                      stroke="#18181b"
                      strokeWidth={2}
                      dot={false}
                      isAnimationActive={false}
                    />
                    <Line type="linear" dataKey="market" name="Market Index" stroke="#7f1d1d" strokeWidth={2} dot={false} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
              {d.following.length > 0 && (
                <div className="grid grid-cols-1 gap-2">
                  <h3 className="text-sm font-medium">Cards following their market value ({d.following.length})</h3>
                  <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
                    {d.following.map((f) => (
                      <li key={f.cardId} className="flex flex-wrap justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2">
                        <Link href={`/WonderShyneIndex/${f.constituentId}`} className="min-w-0 truncate hover:underline">
                          {f.name}
                        </Link>
                        <span className="text-right">
                          <Money cents={f.marketValueCents} />{' '}
                          <span className="text-xs text-muted-foreground">market value, {formatDate(f.observedOn)}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )
        }
      </PageQuery>
    </section>
  );
}
