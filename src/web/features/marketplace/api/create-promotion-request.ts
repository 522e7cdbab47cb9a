import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePromotionRequestInput, PromotionRequest } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** POST /api/user/promotion-requests: the seller asks for the listing to be featured for N days. */
export const createPromotionRequest = (input: CreatePromotionRequestInput) =>
  apiRequest<PromotionRequest>('POST', marketplaceApi.promotions, { body: input });

export function useCreatePromotionRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPromotionRequest, onSuccess: () => qc.invalidateQueries({ queryKey: marketplaceKeys.promotions }) });
}
