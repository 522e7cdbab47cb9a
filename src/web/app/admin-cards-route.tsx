import AdminCardsPage from '#web/features/admin-cards/admin-cards-page.tsx';
import { HouseListingsSection } from '#web/features/admin-marketplace/house-listings.tsx';
import { HouseOffersSection } from '#web/features/admin-marketplace/house-offers.tsx';

/** /admin/cards with the MarketPlace's house listings and the offers on them above the card table. */
export default function AdminCardsRoute() {
  return (
    <AdminCardsPage
      listings={
        <>
          <HouseListingsSection />
          <HouseOffersSection />
        </>
      }
    />
  );
}
