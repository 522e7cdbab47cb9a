import type { AuditQuery } from '#common/audit.ts';

/** Query keys of the audit log; each starts with its GET path. */
export const auditKeys = {
  all: ['/api/admin/audit'] as const,
  list: (params: AuditQuery) => [...auditKeys.all, params] as const,
  facets: ['/api/admin/audit/facets'] as const,
};
