import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDocument, LegalSlug } from '#common/legal.ts';
import { apiGet } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** GET /api/admin/legal/{slug}: the draft and the history. */
export const legalDocumentQuery = (slug: LegalSlug) =>
  queryOptions({ queryKey: legalKeys.document(slug), queryFn: ({ signal }) => apiGet<LegalDocument>(legalKeys.document(slug), signal) });

export const useLegalDocument = (slug: LegalSlug) => useQuery(legalDocumentQuery(slug));
