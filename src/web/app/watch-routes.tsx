import ConstituentPage from '#web/features/market-index/constituent-page.tsx';
import ListingPage from '#web/features/marketplace/listing-page.tsx';
import MarketplacePage from '#web/features/marketplace/marketplace-page.tsx';
import { WatchConstituentButton } from '#web/features/alerts/watch-constituent-button.tsx';
import SaveSearchButton from '#web/features/alerts/save-search-button.tsx';
import WatchListing from '#web/features/alerts/watch-listing.tsx';

// The alerts feature's Watch controls, composed into the pages they sit on (features do not import each other).

/** /WonderShyneIndex/{id}, with Watch for signed-in members (the page itself is public). */
export function ConstituentRoute({ params }: { params: Record<string, string | undefined> }) {
  return <ConstituentPage params={params} watch={(target) => <WatchConstituentButton target={target} />} />;
}

/** /secure/{id}, with Watch for the listed card. */
export function ListingRoute({ params }: { params: { id?: string } }) {
  return <ListingPage params={params} watch={(listingId) => <WatchListing listingId={listingId} />} />;
}

/** /secure, with "Notify me of new listings" for the current filters. */
export function MarketplaceRoute() {
  return <MarketplacePage saveSearch={(query) => <SaveSearchButton query={query} />} />;
}
