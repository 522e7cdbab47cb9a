import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndexSettings } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateIndex } from './invalidate.ts';
import { indexPaths } from './keys.ts';

/** PUT /api/admin/index/settings: weighting, base date and staleness; the whole series is rebuilt. */
export function useUpdateIndexSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: IndexSettings) => apiRequest<IndexSettings>('PUT', indexPaths.settings, { body: settings }),
    onSuccess: () => invalidateIndex(qc),
  });
}
