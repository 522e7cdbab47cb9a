import { openRequestAccess } from '#web/features/access-requests/request-access-store.ts';
import { SharedCardPage } from '#web/features/share-links/shared-card-page.tsx';

// A module of its own: a visitor opening a shared link loads the card page, not the owner's share
// management pages and their forms (share-routes.tsx).

/** The shared card's "Request private access" opens the access-requests feature's dialog. */
export function SharedCardRoute({ params }: { params: Record<string, string | undefined> }) {
  return <SharedCardPage token={params.token ?? ''} onRequestAccess={openRequestAccess} />;
}
