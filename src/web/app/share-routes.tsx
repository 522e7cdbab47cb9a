// The owner's share pages in one lazily loaded module (the public shared card page is in
// shared-card-route.tsx, so a visitor does not load these pages' forms).
export { default as ShareLinksPage } from '#web/features/share-links/share-links-page.tsx';
export { default as ShareAnalyticsPage } from '#web/features/share-links/share-analytics-page.tsx';
