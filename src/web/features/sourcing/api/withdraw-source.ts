import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySource } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { huntKeys, huntPaths } from './keys.ts';

/** POST /api/sources/{id}/withdraw: the responder closes their open offer. */
export function useWithdrawSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MySource>('POST', huntPaths.withdraw(id)),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: huntKeys.mySources }), qc.invalidateQueries({ queryKey: huntKeys.board })]),
  });
}
