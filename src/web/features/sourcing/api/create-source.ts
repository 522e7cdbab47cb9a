import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySource } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { huntKeys, huntPaths } from './keys.ts';

export interface OfferInput {
  huntId: string;
  cardId: string | null;
  description: string | null;
  askingPriceCents: number;
  note: string | null;
}

/** POST /api/hunts/{id}/sources → 201 with the pending offer. */
export function useCreateSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ huntId, ...body }: OfferInput) => apiRequest<MySource>('POST', huntPaths.offer(huntId), { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: huntKeys.mySources }), qc.invalidateQueries({ queryKey: huntKeys.board })]),
  });
}
