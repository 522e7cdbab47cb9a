import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, Intake, Outtake } from '#common/vault.ts';
import { apiRequest } from '#web/lib/api.ts';
import { vaultKeys, vaultPaths } from './keys.ts';

/** POST /api/user/vault/intakes: the member sends cards to the vault. */
export const createIntake = (cardIds: readonly string[]) => apiRequest<Intake>('POST', vaultPaths.intakes, { body: { cardIds } });
/** POST /api/user/vault/intakes/{id}/cancel: only before anything arrived. */
export const cancelIntake = (id: string) => apiRequest<Intake>('POST', vaultPaths.cancelIntake(id), { body: {} });
/** POST /api/user/vault/outtakes: the member asks for cards back; the fee invoice is paid at /checkout. */
export const createOuttake = (input: { cardIds: readonly string[]; address: Address }) =>
  apiRequest<Outtake>('POST', vaultPaths.outtakes, { body: input });
/** POST /api/user/vault/outtakes/{id}/cancel: only while the fee is unpaid. */
export const cancelOuttake = (id: string) => apiRequest<Outtake>('POST', vaultPaths.cancelOuttake(id), { body: {} });

function useVaultMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: vaultKeys.mine }), qc.invalidateQueries({ queryKey: vaultKeys.myCards })]);
    },
  });
}

export const useCreateIntake = () => useVaultMutation(createIntake);
export const useCancelIntake = () => useVaultMutation(cancelIntake);
export const useCreateOuttake = () => useVaultMutation(createOuttake);
export const useCancelOuttake = () => useVaultMutation(cancelOuttake);
