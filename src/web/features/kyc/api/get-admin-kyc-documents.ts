import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminKycResponse, KycDocumentStatus } from '#common/kyc.ts';
import { apiGet } from '#web/lib/api.ts';
import { kycKeys } from './keys.ts';

/** GET /api/admin/kyc/documents?status= */
export const fetchAdminKycDocuments = (status: KycDocumentStatus | undefined, signal?: AbortSignal) =>
  apiGet<AdminKycResponse>(kycKeys.adminList(status), signal);

export const adminKycDocumentsQuery = (status: KycDocumentStatus | undefined) =>
  queryOptions({ queryKey: kycKeys.adminList(status), queryFn: ({ signal }) => fetchAdminKycDocuments(status, signal), staleTime: 15_000 });

export const useAdminKycDocuments = (status: KycDocumentStatus | undefined) => useQuery(adminKycDocumentsQuery(status));
