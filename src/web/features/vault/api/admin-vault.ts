import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVaultResponse, Intake, Outtake, ReceiveCardInput, ShipOuttakeInput } from '#common/vault.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { vaultKeys, vaultPaths } from './keys.ts';

/** GET /api/admin/vault: open intakes and outtakes, and those closed in the last 30 days. */
export const fetchAdminVault = (signal?: AbortSignal) => apiGet<AdminVaultResponse>(vaultKeys.admin, signal);
export const adminVaultQuery = () => queryOptions({ queryKey: vaultKeys.admin, queryFn: ({ signal }) => fetchAdminVault(signal) });
export const useAdminVault = () => useQuery(adminVaultQuery());

/** POST /api/admin/vault/intakes/{id}/cards/{cardId}/receive: one card is in the vault, with its appraisal. */
export const receiveCard = (input: { intakeId: string; cardId: string; receipt: ReceiveCardInput }) =>
  apiRequest<Intake>('POST', vaultPaths.receive(input.intakeId, input.cardId), { body: input.receipt });
/** POST /api/admin/vault/outtakes/{id}/ship: carrier and tracking, only once the fee is paid. */
export const shipOuttake = (input: { id: string; shipment: ShipOuttakeInput }) =>
  apiRequest<Outtake>('POST', vaultPaths.ship(input.id), { body: input.shipment });
/** POST /api/admin/vault/outtakes/{id}/deliver. */
export const deliverOuttake = (id: string) => apiRequest<Outtake>('POST', vaultPaths.deliver(id), { body: {} });

function useAdminVaultMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: vaultKeys.admin }) });
}
export const useReceiveCard = () => useAdminVaultMutation(receiveCard);
export const useShipOuttake = () => useAdminVaultMutation(shipOuttake);
export const useDeliverOuttake = () => useAdminVaultMutation(deliverOuttake);
