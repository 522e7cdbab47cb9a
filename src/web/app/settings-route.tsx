import { KycSettingsSection } from '#web/features/kyc/kyc-documents.tsx';
import { ManagerSection } from '#web/features/onboarding/manager-section.tsx';
import SettingsPage from '#web/features/settings/settings-page.tsx';

/** Settings shows the KYC feature's documents section and the member's portfolio manager between the profile and signing out. */
export default function SettingsRoute() {
  return <SettingsPage documents={<KycSettingsSection />} manager={<ManagerSection />} />;
}
