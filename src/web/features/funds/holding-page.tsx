import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { sportLabels } from '#common/cards.ts';
import { markSourceLabels, type FundHoldingDetail } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiError } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useFundHolding } from './api/get-fund-holding.ts';
import { HoldingImage, holdingGrade, holdingTitle } from './holding-tile.tsx';
import { dayText } from './labels.ts';

const MarkHistoryChart = lazy(() => import('./mark-history-chart.tsx'));

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function Images({ holding }: { holding: FundHoldingDetail['holding'] }) {
  return (
    <section aria-label="Photos" className="grid grid-cols-2 content-start items-start gap-4 self-start">
      <figure className="grid gap-2">
        <div className="mx-auto w-full max-w-[260px]">
          {holding.frontImageUrl ? (
            <a
              href={holding.frontImageUrl}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <HoldingImage
                holding={holding}
                src={holding.thumbnailUrl ?? holding.frontImageUrl}
                className="aspect-[300/468] w-full rounded-lg border bg-muted object-contain"
              />
              <span className="sr-only"> (open full size in a new tab)</span>
            </a>
          ) : (
            <HoldingImage holding={holding} src={null} />
          )}
        </div>
        <figcaption className="text-center text-xs font-medium uppercase tracking-wide text-muted-foreground">Front</figcaption>
      </figure>
      <figure className="grid gap-2">
        <div className="mx-auto w-full max-w-[260px]">
          {holding.backImageUrl ? (
            <a
              href={holding.backImageUrl}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <img
                src={holding.backImageUrl}
                alt={`Back of ${holdingTitle(holding)}`}
                className="aspect-[300/468] w-full rounded-lg border bg-muted object-contain"
              />
              <span className="sr-only"> (open full size in a new tab)</span>
            </a>
          ) : (
            <SlabImage card={holding} side="back" />
          )}
        </div>
        <figcaption className="text-center text-xs font-medium uppercase tracking-wide text-muted-foreground">Back</figcaption>
      </figure>
    </section>
  );
}

function Detail({ data }: { data: FundHoldingDetail }) {
  const h = data.holding;
  const history = [...data.markHistory].sort((a, b) => (a.date < b.date ? -1 : 1));
  const provenance = [...data.provenance].sort((a, b) => (a.at < b.at ? 1 : -1));
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader eyebrow={data.fund.name} title={holdingTitle(h)} description={`${holdingGrade(h)} · ${sportLabels[h.sport]}`} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <Images holding={h} />
        <div className="grid min-w-0 content-start gap-6">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border bg-card p-4 text-sm sm:grid-cols-2 sm:p-6">
            <div>
              <dt className="text-xs text-muted-foreground">Current mark</dt>
              <dd className="font-display text-2xl">
                <Money cents={h.markCents} />
              </dd>
              <dd className="text-xs text-muted-foreground">
                {markSourceLabels[h.markSource]}
                {h.markedOn ? `, ${dayText(h.markedOn)}` : ''}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Cost basis</dt>
              <dd className="font-display text-2xl">
                <Money cents={h.costBasisCents} />
              </dd>
              <dd className="text-xs text-muted-foreground">Acquired {dayText(h.acquiredOn)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Certificate</dt>
              <dd className="tabular font-medium">{h.certNumber ? `${h.grader} ${h.certNumber}` : '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Weight in the fund</dt>
              <dd className="tabular font-medium">{(h.weight * 100).toFixed(1)}% of holdings</dd>
            </div>
            {h.cardNumber && (
              <div>
                <dt className="text-xs text-muted-foreground">Card number</dt>
                <dd className="font-medium">#{h.cardNumber}</dd>
              </div>
            )}
            {h.variety && (
              <div>
                <dt className="text-xs text-muted-foreground">Variety</dt>
                <dd className="font-medium">{h.variety}</dd>
              </div>
            )}
            {h.disposedOn && (
              <div>
                <dt className="text-xs text-muted-foreground">Sold</dt>
                <dd className="font-medium">
                  {dayText(h.disposedOn)} for <Money cents={h.proceedsCents} />
                </dd>
              </div>
            )}
            {h.constituentId && (
              <div>
                <dt className="text-xs text-muted-foreground">Market Index</dt>
                <dd>
                  <Link href={`/WonderShyneIndex/${h.constituentId}`} className="font-medium underline underline-offset-4">
                    See its index prices
                  </Link>
                </dd>
              </div>
            )}
          </dl>
          <section aria-labelledby="marks-heading" className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4 sm:p-6">
            <h2 id="marks-heading" className="text-lg font-semibold">
              Mark history
            </h2>
            {history.length === 0 ? (
              <p className="text-sm text-muted-foreground">No marks yet.</p>
            ) : (
              <>
                {history.length > 1 && (
                  <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                    <MarkHistoryChart points={history} />
                  </Suspense>
                )}
                <ol className="grid max-h-72 gap-1 overflow-y-auto text-sm" data-testid="mark-history">
                  {[...history].reverse().map((m, i) => (
                    <li key={`${m.date}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b py-1.5 last:border-0">
                      <span>{dayText(m.date)}</span>
                      <span className="text-right">
                        <Money cents={m.valueCents} className="font-medium" />{' '}
                        <span className="text-xs text-muted-foreground">
                          {markSourceLabels[m.source]}
                          {m.by ? ` by ${m.by}` : ''}
                          {m.note ? ` · ${m.note}` : ''}
                        </span>
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
      </div>
      <section aria-labelledby="provenance-title" className="grid gap-4">
        <h2 id="provenance-title" className="font-display text-xl font-medium">
          Provenance
        </h2>
        {provenance.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol className="relative grid gap-5 border-l pl-5" data-testid="provenance">
            {provenance.map((e, i) => (
              <li key={`${e.at}-${i}`} className="relative" data-kind={e.kind}>
                <span aria-hidden="true" className="absolute -left-[24.5px] top-1.5 size-2.5 rounded-full bg-foreground/60 ring-4 ring-background" />
                <p className="text-sm font-medium">{e.label}</p>
                {e.detail && <p className="mt-0.5 break-words text-sm text-muted-foreground">{e.detail}</p>}
                <p className="mt-0.5 text-xs text-muted-foreground">
                  <time dateTime={e.at}>{dateTime.format(new Date(e.at))}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** /funds/{fundId}/card/{cardId}: one holding: photos, certificate, cost basis, mark history and provenance. */
export default function HoldingPage({ params }: { params: Record<string, string | undefined> }) {
  const fundId = params.fundId ?? '';
  const cardId = params.cardId ?? '';
  const query = useFundHolding(fundId, cardId);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Link href={`/funds/${fundId}`} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the fund
      </Link>
      {notFound ? (
        <EmptyState notFound title="Holding not found" description="This card is not held by this fund." />
      ) : (
        <PageQuery query={query} loadingLabel="Loading the holding" errorTitle="We couldn't load this holding" skeletons={['h-24', 'h-96']}>
          {(data) => <Detail data={data} />}
        </PageQuery>
      )}
    </div>
  );
}
