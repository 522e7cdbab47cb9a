// The share-links module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { sharedPageRoute } from './share-links.page.ts';
export { shareLinksRoutes } from './share-links.routes.ts';
