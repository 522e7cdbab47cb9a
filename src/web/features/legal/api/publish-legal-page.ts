import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalPublishInput, LegalSlug, LegalVersionSummary } from '#common/legal.ts';
import { apiRequest } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** POST /api/admin/legal/{slug}/publish */
export function usePublishLegalPage(slug: LegalSlug) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalPublishInput) => apiRequest<LegalVersionSummary>('POST', `/api/admin/legal/${slug}/publish`, { body }),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: legalKeys.document(slug) }), qc.invalidateQueries({ queryKey: legalKeys.page(slug) })]);
    },
  });
}
