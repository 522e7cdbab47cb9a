import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardDetail, CustodyChangeInput } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminCardKeys, adminCardPaths } from './keys.ts';

/** PATCH /api/admin/cards/{id}/custody: records the move, then re-checks the PSA certificate. */
export const changeCustody = ({ id, change }: { id: string; change: CustodyChangeInput }) =>
  apiRequest<CardDetail>('PATCH', adminCardPaths.custody(id), { body: change });

export function useChangeCustody() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeCustody,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminCardKeys.all }), qc.invalidateQueries({ queryKey: adminCardKeys.usersWithCards })]),
  });
}
