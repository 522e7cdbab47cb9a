import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceKeys, marketplaceApi } from './keys.ts';

/** POST /api/listings/{id}/cancel-reservation: the buyer lets the hold go. */
export const cancelReservation = (id: string) => apiRequest('POST', marketplaceApi.cancelReservation(id));

export function useCancelReservation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelReservation, onSettled: () => qc.invalidateQueries({ queryKey: marketplaceKeys.listings }) });
}
