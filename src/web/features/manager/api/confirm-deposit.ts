import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

/** POST /api/manager/clients/{id}/confirm-deposit; answers with the client's new detail. */
export const confirmDeposit = (id: string, amountCents: number) =>
  apiRequest<ManagerClientDetail>('POST', `/api/manager/clients/${encodeURIComponent(id)}/confirm-deposit`, { body: { amountCents } });

export function useConfirmDeposit(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents: number) => confirmDeposit(id, amountCents),
    onSuccess: (detail) => {
      qc.setQueryData(managerKeys.client(id), detail);
      return qc.invalidateQueries({ queryKey: managerKeys.clients });
    },
  });
}
