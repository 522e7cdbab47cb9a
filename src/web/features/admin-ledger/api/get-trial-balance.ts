import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialBalance } from '#common/ledger.ts';
import { apiGet } from '#web/lib/api.ts';
import { ledgerKeys } from './keys.ts';

/** GET /api/admin/ledger/trial-balance. */
export const trialBalanceQuery = () =>
  queryOptions({ queryKey: ledgerKeys.trialBalance, queryFn: ({ signal }) => apiGet<TrialBalance>(ledgerKeys.trialBalance, signal) });

export const useTrialBalance = () => useQuery(trialBalanceQuery());
