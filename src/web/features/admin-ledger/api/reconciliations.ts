import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reconciliation, ReconciliationsResponse } from '#common/ledger.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { ledgerKeys } from './keys.ts';

/** GET /api/admin/ledger/reconciliations: the latest runs, newest day first. */
export const reconciliationsQuery = () =>
  queryOptions({
    queryKey: ledgerKeys.reconciliations,
    queryFn: ({ signal }) => apiGet<ReconciliationsResponse>(ledgerKeys.reconciliations, signal).then((r) => r.reconciliations),
  });

export const useReconciliations = () => useQuery(reconciliationsQuery());

/** POST /api/admin/ledger/reconciliations: reconcile one UTC day now. */
export function useReconcileDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => apiRequest<Reconciliation>('POST', ledgerKeys.reconciliations[0], { body: { day } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.reconciliations }),
  });
}
