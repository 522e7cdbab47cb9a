import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertClaimsResponse, CertClaimStatus } from '#common/cert-claims.ts';
import { apiGet } from '#web/lib/api.ts';
import { certClaimKeys } from './keys.ts';

/** GET /api/admin/cert-claims?status= */
export const fetchAdminClaims = (status: CertClaimStatus, signal?: AbortSignal) =>
  apiGet<AdminCertClaimsResponse>(certClaimKeys.adminList(status), signal);

export const adminClaimsQuery = (status: CertClaimStatus) =>
  queryOptions({ queryKey: certClaimKeys.adminList(status), queryFn: ({ signal }) => fetchAdminClaims(status, signal), staleTime: 15_000 });

export const useAdminClaims = (status: CertClaimStatus) => useQuery(adminClaimsQuery(status));
