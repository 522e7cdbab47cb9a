import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateIndex } from './invalidate.ts';
import { indexPaths } from './keys.ts';

/** DELETE /api/admin/index/constituents/{id}: retires it today. */
export function useRetireConstituent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>('DELETE', indexPaths.adminConstituent(id)),
    onSuccess: () => invalidateIndex(qc),
  });
}
