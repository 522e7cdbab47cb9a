import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHunt, AdminHuntAction } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** PATCH /api/admin/hunts/{id}: approve, decline, fulfil or close, with a note. */
export function useUpdateHunt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; action: AdminHuntAction; note: string | null }) =>
      apiRequest<AdminHunt>('PATCH', adminSourcePaths.hunt(id), { body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminSourceKeys.hunts }), qc.invalidateQueries({ queryKey: adminSourceKeys.sources })]),
  });
}
