import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycStatusResponse } from '#common/kyc.ts';
import { apiGet } from '#web/lib/api.ts';
import { kycKeys } from './keys.ts';

/** GET /api/user/kyc/status: the member's KYC status and the required documents still missing. */
export const fetchMyKycStatus = (signal?: AbortSignal) => apiGet<KycStatusResponse>(kycKeys.myStatus, signal);

export const myKycStatusQuery = () =>
  queryOptions({ queryKey: kycKeys.myStatus, queryFn: ({ signal }) => fetchMyKycStatus(signal), staleTime: 15_000 });

export const useMyKycStatus = () => useQuery(myKycStatusQuery());
