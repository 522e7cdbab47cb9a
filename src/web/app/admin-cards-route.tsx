import AdminCardsPage from '#web/features/admin-cards/admin-cards-page.tsx';
import { HouseListingsSection } from '#web/features/admin-marketplace/house-listings.tsx';

/** /admin/cards with the MarketPlace's house listing management above the card table. */
export default function AdminCardsRoute() {
  return <AdminCardsPage listings={<HouseListingsSection />} />;
}
