import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RebalanceResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateIndex } from './invalidate.ts';
import { indexPaths } from './keys.ts';

/** POST /api/admin/index/rebalance: a preview, or the published review. */
export function useRebalance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string; dryRun: boolean }) => apiRequest<RebalanceResponse>('POST', indexPaths.rebalance, { body: input }),
    onSuccess: (r) => (r.dryRun ? undefined : invalidateIndex(qc)),
  });
}
