import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyParams, VerifyResponse } from '#common/verify.ts';
import { apiRequest } from '#web/lib/api.ts';

export const verifyKeys = { one: (p: VerifyParams) => ['verify', p.grader, p.certNumber] as const };

/** GET /api/verify/{grader}/{certNumber} (public). */
export const fetchVerification = (p: VerifyParams, signal?: AbortSignal) =>
  apiRequest<VerifyResponse>('GET', `/api/verify/${encodeURIComponent(p.grader)}/${encodeURIComponent(p.certNumber)}`, { signal });

// A 404 is an answer ("we do not hold it"), and a 429 will not pass by retrying at once.
export const verificationQuery = (p: VerifyParams) =>
  queryOptions({ queryKey: verifyKeys.one(p), queryFn: ({ signal }) => fetchVerification(p, signal), retry: false, staleTime: 60_000 });

export const useVerification = (p: VerifyParams | null) =>
  useQuery({ ...verificationQuery(p ?? { grader: 'PSA', certNumber: '' }), enabled: p !== null });
