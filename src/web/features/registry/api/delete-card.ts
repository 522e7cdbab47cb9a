import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** DELETE /api/cards/{id}: refused with 409 and the reason while the card is away, listed or pledged. */
export const deleteCard = (id: string) => apiRequest<unknown>('DELETE', cardPaths.card(id));

export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: cardKeys.detail(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: cardKeys.registry }), qc.invalidateQueries({ queryKey: cardKeys.all })]);
    },
  });
}
