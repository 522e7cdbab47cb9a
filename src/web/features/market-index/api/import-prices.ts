import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateIndex } from './invalidate.ts';
import { indexPaths } from './keys.ts';

/** POST /api/admin/index/prices/import: a dry run, or the commit. */
export function useImportPrices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { csv: string; dryRun: boolean }) => apiRequest<ImportReport>('POST', indexPaths.importPrices, { body: input }),
    onSuccess: (report) => (report.committed ? invalidateIndex(qc) : undefined),
  });
}
