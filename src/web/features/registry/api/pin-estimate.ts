import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardDetail } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** PUT /api/cards/{id}/pinned-estimate: the owner's estimate counts instead of the market value. */
export const pinEstimate = ({ id, estimatedValueCents }: { id: string; estimatedValueCents: number }) =>
  apiRequest<CardDetail>('PUT', cardPaths.pinnedEstimate(id), { body: { estimatedValueCents } });

/** DELETE /api/cards/{id}/pinned-estimate: the card follows its market value again. */
export const followMarket = ({ id }: { id: string }) => apiRequest<CardDetail>('DELETE', cardPaths.pinnedEstimate(id));

/** Both answer with the card as it now is: shown at once, then the registry's totals and lists refresh. */
function useValuationChange<V extends { id: string }>(fn: (v: V) => Promise<CardDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (card) => {
      qc.setQueryData(cardKeys.detail(card.id), card);
      // The registry is not on screen (refetchOnMount is off app-wide): refetch it now, so its total is right when the member goes back.
      return Promise.all([
        qc.invalidateQueries({ queryKey: cardKeys.all }),
        qc.invalidateQueries({ queryKey: cardKeys.registry, refetchType: 'all' }),
      ]);
    },
  });
}

export const usePinEstimate = () => useValuationChange(pinEstimate);
export const useFollowMarket = () => useValuationChange(followMarket);
