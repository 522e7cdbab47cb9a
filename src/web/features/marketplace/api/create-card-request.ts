import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRequest, CreateCardRequestInput } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** POST /api/user/requests: ask for a registry card to be listed at a price or taken into the vault. */
export const createCardRequest = (input: CreateCardRequestInput) => apiRequest<CardRequest>('POST', marketplaceApi.requests, { body: input });

export function useCreateCardRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCardRequest,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: marketplaceKeys.requests }), qc.invalidateQueries({ queryKey: marketplaceKeys.myCards })]),
  });
}
