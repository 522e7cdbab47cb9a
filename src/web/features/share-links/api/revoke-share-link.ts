import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** DELETE /api/share-links/{id}: the link stops working at once. */
export const revokeShareLink = (id: string) => apiRequest<{ ok: true }>('DELETE', sharePaths.link(id));

export function useRevokeShareLink(cardId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.cardLinks(cardId) }),
  });
}
