import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LendingPolicyResponse } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminLoanKeys } from './keys.ts';

/** GET /api/admin/settings/lending: the policy (for the offer's APR range and the editor). */
export const fetchLendingPolicy = (signal?: AbortSignal) => apiGet<LendingPolicyResponse>(adminLoanKeys.policy, signal);
export const lendingPolicyQuery = () =>
  queryOptions({ queryKey: adminLoanKeys.policy, queryFn: ({ signal }) => fetchLendingPolicy(signal), staleTime: 60_000 });
export const useLendingPolicy = () => useQuery(lendingPolicyQuery());
