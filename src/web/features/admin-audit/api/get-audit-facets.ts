import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditFacets } from '#common/audit.ts';
import { apiGet } from '#web/lib/api.ts';
import { auditKeys } from './keys.ts';

/** GET /api/admin/audit/facets: the actions and target kinds for the filters. */
export const auditFacetsQuery = () =>
  queryOptions({ queryKey: auditKeys.facets, queryFn: ({ signal }) => apiGet<AuditFacets>(auditKeys.facets, signal), staleTime: 60_000 });

export const useAuditFacets = () => useQuery(auditFacetsQuery());
