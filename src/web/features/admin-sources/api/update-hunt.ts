import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHunt, AdminHuntAction } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/**
 * What to tell the admin once the change is in. Given to the hook, not to mutate(): the change moves
 * the record out of its status's queue, and when it was the last one the detail that changed it is
 * gone before the other queue is fetched again; mutate()'s own callbacks never run for it then.
 */
export type ReviewCallbacks<T> = { onSuccess?: (saved: T) => void; onError?: (err: unknown) => void };

/** PATCH /api/admin/hunts/{id}: approve, decline, fulfil or close, with a note. */
export function useUpdateHunt(after?: ReviewCallbacks<AdminHunt>) {
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
