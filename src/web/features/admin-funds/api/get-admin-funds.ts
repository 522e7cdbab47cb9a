import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminFundsResponseSchema } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminFundKeys } from './keys.ts';

export type AdminFundsResponse = z.infer<typeof adminFundsResponseSchema>;

/** GET /api/admin/funds: every fund with AUM, investors and what waits for a decision. */
export const fetchAdminFunds = (signal?: AbortSignal) => apiGet<AdminFundsResponse>(adminFundKeys.all, signal);

export const adminFundsQuery = () => queryOptions({ queryKey: adminFundKeys.all, queryFn: ({ signal }) => fetchAdminFunds(signal) });

export const useAdminFunds = () => useQuery(adminFundsQuery());
