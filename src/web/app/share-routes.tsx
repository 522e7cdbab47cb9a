import { openRequestAccess } from '#web/features/access-requests/request-access-store.ts';
import { SharedCardPage } from '#web/features/share-links/shared-card-page.tsx';

// The share pages in one lazily loaded module: one entry in the app's first download, not three.
export { default as ShareLinksPage } from '#web/features/share-links/share-links-page.tsx';
export { default as ShareAnalyticsPage } from '#web/features/share-links/share-analytics-page.tsx';

/** The shared card's "Request private access" opens the access-requests feature's dialog. */
export function SharedCardRoute({ params }: { params: Record<string, string | undefined> }) {
  return <SharedCardPage token={params.token ?? ''} onRequestAccess={openRequestAccess} />;
}
