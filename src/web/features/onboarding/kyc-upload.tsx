import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { KycDocumentType } from '#common/kyc.ts';

/** What the KYC step needs from the KYC feature: the documents still missing and the upload list. */
export interface KycUploadParts {
  missing: readonly KycDocumentType[] | undefined;
  documents: ReactNode;
}
export type KycUploadSlot = ComponentType<{ children: (parts: KycUploadParts) => ReactNode }>;

/** Without a KYC feature composed in (a test of another step), the step shows no upload list. */
const NoKycUpload: KycUploadSlot = ({ children }) => children({ missing: undefined, documents: null });

const KycUploadContext = createContext<KycUploadSlot>(NoKycUpload);

/** The app composes the KYC feature's uploads into the onboarding page through this provider. */
export const KycUploadProvider = KycUploadContext.Provider;
export const useKycUpload = () => useContext(KycUploadContext);
