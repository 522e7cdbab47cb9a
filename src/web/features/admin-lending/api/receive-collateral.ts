import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardDetail } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminLoanKeys, adminLoanPaths } from './keys.ts';

/** PATCH /api/admin/cards/{id}/custody → in_vault: the card is received; the registry re-checks PSA. */
export const receiveCollateral = ({ cardId, note }: { cardId: string; note: string }) =>
  apiRequest<CardDetail>('PATCH', adminLoanPaths.custody(cardId), { body: { custody: 'in_vault', note } });

export function useReceiveCollateral() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: receiveCollateral, onSuccess: () => qc.invalidateQueries({ queryKey: adminLoanKeys.all }) });
}
