import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertClaimsResponse } from '#common/cert-claims.ts';
import { apiGet } from '#web/lib/api.ts';
import { certClaimKeys } from './keys.ts';

/** GET /api/cert-claims: the member's claims, newest first. */
export const fetchMyClaims = (signal?: AbortSignal) => apiGet<CertClaimsResponse>(certClaimKeys.mine, signal);

export const myClaimsQuery = () => queryOptions({ queryKey: certClaimKeys.mine, queryFn: ({ signal }) => fetchMyClaims(signal), staleTime: 15_000 });

export const useMyClaims = () => useQuery(myClaimsQuery());
