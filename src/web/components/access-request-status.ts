import type { AccessRequestStatus } from '#common/access-request.ts';
import { statusMap } from './status-badge.tsx';

/** Shared by the access-request queue and the admin dashboard's recent list. */
export const accessRequestStatusLabels: Record<AccessRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const accessRequestStatuses = statusMap<AccessRequestStatus>(accessRequestStatusLabels, {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
});
