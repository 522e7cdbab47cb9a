// The share-links module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { shareLinksRoutes } from './share-links.routes.ts';

export { sharedPageRoute } from './share-links.page.ts';
export { shareLinksRoutes } from './share-links.routes.ts';

export const shareLinksModule = defineModule({ name: 'share-links', routes: [shareLinksRoutes] });
