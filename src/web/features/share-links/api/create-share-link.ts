import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, CreateShareLinkValues } from '#common/share-links.ts';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** POST /api/cards/{id}/share-links → 201 with the link's URL and token. */
export const createShareLink = ({ cardId, ...values }: CreateShareLinkValues & { cardId: string }) =>
  apiRequest<CreatedShareLink>('POST', sharePaths.cardLinks(cardId), { body: values });

export function useCreateShareLink(cardId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateShareLinkValues) => createShareLink({ cardId, ...values }),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.cardLinks(cardId) }),
  });
}
