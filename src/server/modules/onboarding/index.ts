// The onboarding module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { provideClientDirectory } from '#server/modules/funds/index.ts';
import { onKycDocumentChanged } from '#server/modules/kyc/index.ts';
import { onboardingClientDirectory } from './onboarding.clients.ts';
import { managerRoutes } from './manager.routes.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { kycDocumentsChanged } from './onboarding.service.ts';

export { agreementSha256, SERVICE_AGREEMENT } from './agreement.ts';
export { managerConsentAggregate, notifyConsent, recordInvitation } from './manager-consent.ts';
export { announceOnboarding } from './onboarding.events.ts';
export { managerRoutes } from './manager.routes.ts';
export { RESEND_COOLDOWN_SECONDS } from './manager.service.ts';
export { onboardingRoutes } from './onboarding.routes.ts';
export { isInvitedPhone, onboardingAggregate, type OnboardingRow, onClientSignIn, signatureOf, timelineFor } from './onboarding.service.ts';

export const onboardingModule = defineModule({
  name: 'onboarding',
  routes: [onboardingRoutes, managerRoutes],
  listeners: [() => onKycDocumentChanged(kycDocumentsChanged), () => provideClientDirectory(onboardingClientDirectory)],
});
