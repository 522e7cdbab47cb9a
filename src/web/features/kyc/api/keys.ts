import type { KycDocumentStatus } from '#common/kyc.ts';

/** Query keys of KYC; each starts with its GET path (spec §7's KYC keys). */
export const kycKeys = {
  myDocuments: ['/api/user/kyc/documents'] as const,
  myStatus: ['/api/user/kyc/status'] as const,
  adminDocuments: ['/api/admin/kyc/documents'] as const,
  adminList: (status: KycDocumentStatus | undefined) => [...kycKeys.adminDocuments, { status }] as const,
};
