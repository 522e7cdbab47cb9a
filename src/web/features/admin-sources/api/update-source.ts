import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSource } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

// As with hunts: the change can take the detail that made it away (AfterMutation).
/** PATCH /api/admin/sources/{id}: approve (active), fulfilled or closed, with a note. */
export function useUpdateSource(after?: AfterMutation<AdminSource>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: 'active' | 'fulfilled' | 'closed'; note: string | null }) =>
      apiRequest<AdminSource>('PATCH', adminSourcePaths.source(id), { body }),
    onSuccess: async (saved) => {
      await Promise.all([qc.invalidateQueries({ queryKey: adminSourceKeys.hunts }), qc.invalidateQueries({ queryKey: adminSourceKeys.sources })]);
      after?.onSuccess?.(saved);
    },
    onError: (err) => after?.onError?.(err),
  });
}
