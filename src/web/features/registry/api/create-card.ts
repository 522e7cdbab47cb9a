import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CreateCardInput } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** POST /api/cards → 201 with the new card. */
export const createCard = (input: CreateCardInput) => apiRequest<Card>('POST', cardPaths.cards, { body: input });

export function useCreateCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: cardKeys.registry }), qc.invalidateQueries({ queryKey: cardKeys.all })]),
  });
}
