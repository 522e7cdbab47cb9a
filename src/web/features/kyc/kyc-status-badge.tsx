import type { KycDocumentStatus, KycStatus } from '#common/kyc.ts';
import { kycStatusLabels } from '#common/kyc.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const docLabels: Record<KycDocumentStatus, string> = { pending: 'Under review', approved: 'Approved', rejected: 'Rejected' };

export function KycDocumentBadge({ status }: { status: KycDocumentStatus }) {
  const variant = status === 'approved' ? 'success' : status === 'rejected' ? 'destructive' : 'warning';
  return <Badge variant={variant}>{docLabels[status]}</Badge>;
}

export function KycStatusBadge({ status }: { status: KycStatus }) {
  const variant = status === 'approved' ? 'success' : status === 'rejected' ? 'destructive' : status === 'pending' ? 'warning' : 'outline';
  return <Badge variant={variant}>{kycStatusLabels[status]}</Badge>;
}
