import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalDraft, LegalDraftInput, LegalSlug } from '#common/legal.ts';
import { apiRequest } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** PUT /api/admin/legal/{slug}/draft */
export const saveLegalDraft = (slug: LegalSlug, body: LegalDraftInput) => apiRequest<LegalDraft>('PUT', `/api/admin/legal/${slug}/draft`, { body });

export function useSaveLegalDraft(slug: LegalSlug) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalDraftInput) => saveLegalDraft(slug, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: legalKeys.document(slug) }),
  });
}
