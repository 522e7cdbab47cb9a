import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardAppraisalInput, CardCorrectionInput, CardDetail } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminCardKeys, adminCardPaths } from './keys.ts';

/** PATCH /api/admin/cards/{id}: corrects a card, held or not, with the reason (decision 128). */
export const correctCard = ({ id, correction }: { id: string; correction: CardCorrectionInput }) =>
  apiRequest<CardDetail>('PATCH', adminCardPaths.correct(id), { body: correction });

/** PUT /api/admin/cards/{id}/appraisal: records our appraisal, the lending basis with the index price. */
export const appraiseCard = ({ id, appraisal }: { id: string; appraisal: CardAppraisalInput }) =>
  apiRequest<CardDetail>('PUT', adminCardPaths.appraisal(id), { body: appraisal });

export function useCorrectCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: correctCard, onSuccess: () => qc.invalidateQueries({ queryKey: adminCardKeys.all }) });
}

export function useAppraiseCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: appraiseCard, onSuccess: () => qc.invalidateQueries({ queryKey: adminCardKeys.all }) });
}
