import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalSlug, LegalVersion } from '#common/legal.ts';
import { apiGet } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** GET /api/admin/legal/{slug}/versions/{version}: a published version never changes. */
export const legalVersionQuery = (slug: LegalSlug, version: number) =>
  queryOptions({
    queryKey: legalKeys.version(slug, version),
    queryFn: ({ signal }) => apiGet<LegalVersion>(legalKeys.version(slug, version), signal),
    staleTime: Infinity,
  });

export const useLegalVersion = (slug: LegalSlug, version: number | null) =>
  useQuery({ ...legalVersionQuery(slug, version ?? 0), enabled: version !== null && version > 0 });
