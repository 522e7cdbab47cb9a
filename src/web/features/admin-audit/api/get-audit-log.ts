import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_EXPORT_MAX, type AuditEntry, type AuditList, type AuditQuery } from '#common/audit.ts';
import { apiGet, type QueryParams } from '#web/lib/api.ts';
import { auditKeys } from './keys.ts';

/** GET /api/admin/audit with the filters. */
export const fetchAuditLog = (params: AuditQuery, signal?: AbortSignal) =>
  apiGet<AuditList>(auditKeys.list(params as QueryParams as AuditQuery), signal);

export const auditLogQuery = (params: AuditQuery) =>
  queryOptions({ queryKey: auditKeys.list(params), queryFn: ({ signal }) => fetchAuditLog(params, signal), placeholderData: keepPreviousData });

export const useAuditLog = (params: AuditQuery) => useQuery(auditLogQuery(params));

/** Every entry matching the filters (up to AUDIT_EXPORT_MAX), page by page, for the CSV export. */
export async function fetchAllAudit(params: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const pageSize = 500;
  const entries: AuditEntry[] = [];
  let total = 0;
  for (let page = 1; entries.length < AUDIT_EXPORT_MAX; page++) {
    const res = await fetchAuditLog({ ...params, page, pageSize });
    total = res.total;
    entries.push(...res.entries);
    if (res.entries.length < pageSize || entries.length >= res.total) break;
  }
  return { entries: entries.slice(0, AUDIT_EXPORT_MAX), total };
}
