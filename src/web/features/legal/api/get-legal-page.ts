import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalPublicPage, LegalSlug } from '#common/legal.ts';
import { apiGet } from '#web/lib/api.ts';
import { legalKeys } from './keys.ts';

/** GET /api/legal/{slug}: the version in force. */
export const fetchLegalPage = (slug: LegalSlug, signal?: AbortSignal) => apiGet<LegalPublicPage>(legalKeys.page(slug), signal);

/** The same for everyone, so it survives a change of user. */
export const legalPageQuery = (slug: LegalSlug) =>
  queryOptions({ queryKey: legalKeys.page(slug), queryFn: ({ signal }) => fetchLegalPage(slug, signal), meta: { sessionIndependent: true } });

export const useLegalPage = (slug: LegalSlug) => useQuery(legalPageQuery(slug));
