import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHunt, AdminHuntAction } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

// The change moves the record out of its status's queue; when it was the last one the detail that
// changed it is gone before the other queue is fetched again (AfterMutation).
/** PATCH /api/admin/hunts/{id}: approve, decline, fulfil or close, with a note. */
export function useUpdateHunt(after?: AfterMutation<AdminHunt>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; action: AdminHuntAction; note: string | null }) =>
      apiRequest<AdminHunt>('PATCH', adminSourcePaths.hunt(id), { body }),
    onSuccess: async (saved) => {
      await Promise.all([qc.invalidateQueries({ queryKey: adminSourceKeys.hunts }), qc.invalidateQueries({ queryKey: adminSourceKeys.sources })]);
      after?.onSuccess?.(saved);
    },
    onError: (err) => after?.onError?.(err),
  });
}
