import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSellOfferInput, SellOffer } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** POST /api/user/sells: offer one of the member's cards to the house at a price. */
export const createSellOffer = (input: CreateSellOfferInput) => apiRequest<SellOffer>('POST', marketplaceApi.sells, { body: input });

export function useCreateSellOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSellOffer,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: marketplaceKeys.sells }), qc.invalidateQueries({ queryKey: marketplaceKeys.myCards })]),
  });
}
