import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalSlug } from '#common/legal.ts';
import { apiRequest } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** DELETE /api/admin/legal/{slug}/draft */
export function useDiscardLegalDraft(slug: LegalSlug) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ status: 'success' }>('DELETE', `/api/admin/legal/${slug}/draft`),
    onSuccess: () => qc.invalidateQueries({ queryKey: legalKeys.document(slug) }),
  });
}
