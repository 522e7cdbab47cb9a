import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRequest } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** PATCH /api/user/requests/{id} { action: 'cancel' }: the member withdraws a pending request. */
export const cancelCardRequest = (id: string) => apiRequest<CardRequest>('PATCH', marketplaceApi.request(id), { body: { action: 'cancel' } });

export function useCancelCardRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelCardRequest, onSettled: () => qc.invalidateQueries({ queryKey: marketplaceKeys.requests }) });
}
