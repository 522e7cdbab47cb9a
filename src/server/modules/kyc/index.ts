// The kyc module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { kycRoutes } from './kyc.routes.ts';

export { type KycChangeListener, onKycDocumentChanged } from './kyc.hooks.ts';
export { kycRoutes } from './kyc.routes.ts';
export { kycDocsFor, kycStatusByUser, listForAdmin, readDocumentFile, sniffContentType, toDocument } from './kyc.service.ts';

export const kycModule = defineModule({ name: 'kyc', routes: [kycRoutes] });
