import { KycSettingsSection } from '#web/features/kyc/kyc-documents.tsx';
import SettingsPage from '#web/features/settings/settings-page.tsx';

/** Settings shows the KYC feature's documents section between the profile and signing out. */
export default function SettingsRoute() {
  return <SettingsPage documents={<KycSettingsSection />} />;
}
