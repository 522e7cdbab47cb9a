import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReserveResponse } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** POST /api/listings/{id}/reserve: holds the listing for the marketplace's reservation minutes and returns the sale invoice. */
export const reserveListing = (id: string) => apiRequest<ReserveResponse>('POST', marketplaceApi.reserve(id));

export function useReserveListing() {
  const qc = useQueryClient();
  // A refused reservation (someone else was faster) also changes what the page should show.
  return useMutation({ mutationFn: reserveListing, onSettled: () => qc.invalidateQueries({ queryKey: marketplaceKeys.listings }) });
}
