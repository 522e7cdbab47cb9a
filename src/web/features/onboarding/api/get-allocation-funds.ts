import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { allocationFundsResponseSchema } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { onboardingKeys } from './keys.ts';

export type AllocationFunds = z.infer<typeof allocationFundsResponseSchema>;

/** GET /api/funds/open-for-allocation: the open funds a client may put the deposit into. */
export const fetchAllocationFunds = (signal?: AbortSignal) => apiGet<AllocationFunds>(onboardingKeys.allocationFunds, signal);

export const allocationFundsQuery = () =>
  queryOptions({ queryKey: onboardingKeys.allocationFunds, queryFn: ({ signal }) => fetchAllocationFunds(signal), staleTime: 60_000 });

export const useAllocationFunds = () => useQuery(allocationFundsQuery());
