import { useQueryClient } from '@tanstack/react-query';
import { useMyKycStatus } from '#web/features/kyc/api/get-my-kyc-status.ts';
import { KycDocumentList } from '#web/features/kyc/kyc-documents.tsx';
import { onboardingKeys } from '#web/features/onboarding/api/keys.ts';
import { KycUploadProvider, type KycUploadSlot } from '#web/features/onboarding/kyc-upload.tsx';
import OnboardingPage from '#web/features/onboarding/onboarding-page.tsx';

/** The KYC step shows the KYC feature's uploads; an upload refreshes the onboarding's status and view. */
const KycUpload: KycUploadSlot = ({ children }) => {
  const qc = useQueryClient();
  const status = useMyKycStatus();
  const refreshOnboarding = () => qc.invalidateQueries({ queryKey: onboardingKeys.status });
  return children({ missing: status.data?.missing, documents: <KycDocumentList onUploaded={refreshOnboarding} /> });
};

export default function OnboardingRoute() {
  return (
    <KycUploadProvider value={KycUpload}>
      <OnboardingPage />
    </KycUploadProvider>
  );
}
