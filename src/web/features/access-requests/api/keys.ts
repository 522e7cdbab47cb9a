import type { AccessRequestStatus } from '#common/access-request.ts';

export interface AdminAccessRequestsParams {
  status?: AccessRequestStatus;
  q: string;
  page: number;
}

/** Query keys of access requests. Each starts with its GET path, the spec §7 key the live map refreshes. */
export const accessRequestKeys = {
  all: ['/api/admin/access-requests'] as const,
  list: (p: AdminAccessRequestsParams) => [...accessRequestKeys.all, { status: p.status, q: p.q || undefined, page: p.page }] as const,
  /** Spec §7 lists it; the admin dashboard now shows the recent requests, so nothing reads it yet. */
  recent: ['/api/admin/access-requests/recent'] as const,
};
