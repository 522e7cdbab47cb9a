import type { KycDocumentStatus, KycStatus } from '#common/kyc.ts';
import { kycStatusLabels } from '#common/kyc.ts';
import type { StatusMap } from '#web/components/status-badge.tsx';

export const kycDocumentStatuses: StatusMap<KycDocumentStatus> = {
  pending: { label: 'Under review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'destructive' },
};

export const kycStatuses: StatusMap<KycStatus> = Object.fromEntries(
  (Object.keys(kycStatusLabels) as KycStatus[]).map((s) => [
    s,
    { label: kycStatusLabels[s], tone: s === 'approved' ? 'success' : s === 'rejected' ? 'destructive' : s === 'pending' ? 'warning' : 'neutral' },
  ]),
) as StatusMap<KycStatus>;
