import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConstituentIdentity } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateIndex } from './invalidate.ts';
import { indexPaths } from './keys.ts';

/** POST /api/admin/index/constituents. */
export function useCreateConstituent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (identity: ConstituentIdentity) => apiRequest<{ id: string }>('POST', indexPaths.adminConstituents, { body: identity }),
    onSuccess: () => invalidateIndex(qc),
  });
}
