import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, PatchCardInput } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** PATCH /api/cards/{id} with the changed fields. */
export const updateCard = ({ id, changes }: { id: string; changes: PatchCardInput }) =>
  apiRequest<Card>('PATCH', cardPaths.card(id), { body: changes });

export function useUpdateCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCard,
    // The detail key sits under /api/cards, so this refreshes the card, its timeline and the pickers.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: cardKeys.all }), qc.invalidateQueries({ queryKey: cardKeys.registry })]),
  });
}
