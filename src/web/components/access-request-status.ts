import type { AccessRequestStatus } from '#common/access-request.ts';
import type { StatusMap } from './status-badge.tsx';

/** Shared by the access-request queue and the admin dashboard's recent list. */
export const accessRequestStatusLabels: Record<AccessRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const accessRequestStatuses: StatusMap<AccessRequestStatus> = {
  pending: { label: accessRequestStatusLabels.pending, tone: 'warning' },
  approved: { label: accessRequestStatusLabels.approved, tone: 'success' },
  rejected: { label: accessRequestStatusLabels.rejected, tone: 'destructive' },
};
