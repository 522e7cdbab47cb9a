// The api-docs module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { registerApiDocs } from './api-docs.routes.ts';
