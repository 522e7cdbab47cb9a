import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateHuntValues, MyHunt } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { huntKeys, huntPaths } from './keys.ts';

/** POST /api/hunts → 201 with the pending hunt. */
export function useCreateHunt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hunt: CreateHuntValues) => apiRequest<MyHunt>('POST', huntPaths.hunts, { body: hunt }),
    onSuccess: () => qc.invalidateQueries({ queryKey: huntKeys.mine }),
  });
}
