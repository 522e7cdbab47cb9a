import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycDocument } from '#common/kyc.ts';
import { apiGet } from '#web/lib/api.ts';
import { kycKeys } from './keys.ts';

/** GET /api/user/kyc/documents */
export const fetchMyKycDocuments = (signal?: AbortSignal) => apiGet<{ documents: KycDocument[] }>(kycKeys.myDocuments, signal);

export const myKycDocumentsQuery = () =>
  queryOptions({ queryKey: kycKeys.myDocuments, queryFn: ({ signal }) => fetchMyKycDocuments(signal), staleTime: 15_000 });

export const useMyKycDocuments = () => useQuery(myKycDocumentsQuery());
