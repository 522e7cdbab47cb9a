import { lazy, Suspense, type ComponentType } from 'react';
import { WhenVisible } from '#web/components/when-visible.tsx';

// The comparison lives in the index feature; the app composes it under the registry and the dashboard.
const CollectionVsMarket = lazy(() => import('#web/features/market-index/collection-vs-market.tsx'));

/** A member page followed by "Your collection vs the market". */
export function withMarketComparison<P extends object>(Page: ComponentType<P>) {
  return function PageWithComparison(props: P) {
    return (
      <>
        <Page {...props} />
        {/* Below the fold: the chart library loads when the member scrolls near it. */}
        <WhenVisible>
          <Suspense fallback={null}>
            <CollectionVsMarket />
          </Suspense>
        </WhenVisible>
      </>
    );
  };
}
