import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberSellAction, SellOffer } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** PATCH /api/user/sells/{id} { action }: accept or decline the house's counter, or withdraw. */
export const respondSellOffer = ({ id, action }: { id: string; action: MemberSellAction }) =>
  apiRequest<SellOffer>('PATCH', marketplaceApi.sell(id), { body: { action } });

export function useRespondSellOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: respondSellOffer,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: marketplaceKeys.sells }), qc.invalidateQueries({ queryKey: marketplaceKeys.sales })]),
  });
}
