import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { managerKeys } from './keys.ts';

/** POST /api/manager/clients/{id}/confirm-deposit; answers with the client's new detail. */
export const confirmDeposit = (id: string, amountCents: number) =>
  apiRequest<ManagerClientDetail>('POST', `/api/manager/clients/${encodeURIComponent(id)}/confirm-deposit`, { body: { amountCents } });

// The account turns active, which removes the deposit form that confirmed it (AfterMutation).
export function useConfirmDeposit(id: string, after?: AfterMutation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents: number) => confirmDeposit(id, amountCents),
    onSuccess: async (detail) => {
      qc.setQueryData(managerKeys.client(id), detail);
      await qc.invalidateQueries({ queryKey: managerKeys.clients });
      after?.onSuccess?.();
    },
    onError: (err) => after?.onError?.(err),
  });
}
