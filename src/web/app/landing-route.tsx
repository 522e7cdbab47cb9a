import { openRequestAccess } from '#web/features/access-requests/request-access-store.ts';
import { LandingPage } from '#web/features/marketing/landing-page.tsx';

/** The landing page's "Request access" buttons open the access-requests feature's dialog. */
export default function LandingRoute() {
  return <LandingPage onRequestAccess={openRequestAccess} />;
}
