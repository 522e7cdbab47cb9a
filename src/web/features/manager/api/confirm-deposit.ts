import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

/** POST /api/manager/clients/{id}/confirm-deposit; answers with the client's new detail. */
export const confirmDeposit = (id: string, amountCents: number) =>
  apiRequest<ManagerClientDetail>('POST', `/api/manager/clients/${encodeURIComponent(id)}/confirm-deposit`, { body: { amountCents } });

/**
 * What to tell the manager once the deposit is in. Given to the hook, not to mutate(): the account
 * turns active, which removes the deposit form that confirmed it, and mutate()'s own callbacks
 * never run for a component that is gone.
 */
export type DepositCallbacks = { onSuccess?: () => void; onError?: (err: Error) => void };

export function useConfirmDeposit(id: string, after?: DepositCallbacks) {
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
