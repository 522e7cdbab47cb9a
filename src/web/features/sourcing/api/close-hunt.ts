import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyHunt } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { huntKeys, huntPaths } from './keys.ts';

/** POST /api/hunts/{id}/close: the requester closes their hunt. */
export function useCloseHunt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MyHunt>('POST', huntPaths.close(id), { body: {} }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: huntKeys.mine }), qc.invalidateQueries({ queryKey: huntKeys.board })]),
  });
}
