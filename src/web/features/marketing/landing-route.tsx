import { openRequestAccess } from '#web/features/access-requests/request-access-store.ts';
import { LandingPage } from './landing-page.tsx';

export default function LandingRoute() {
  return <LandingPage onRequestAccess={openRequestAccess} />;
}
