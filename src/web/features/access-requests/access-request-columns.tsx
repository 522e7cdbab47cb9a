import { Check, X } from 'lucide-react';
import type { AdminAccessRequest } from '#common/access-request.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { cn } from '#web/lib/utils.ts';
import { LaterSubmissions } from './later-submissions.tsx';
import { accessRequestStatuses } from '#web/components/access-request-status.ts';
import { ConsentList } from './access-request-status.tsx';

export type Decision = 'approved' | 'rejected';
export interface Pending {
  request: AdminAccessRequest;
  decision: Decision;
}

function who(r: AdminAccessRequest) {
  return r.instagram ? `@${r.instagram}` : formatPhoneForDisplay(r.phone);
}

function Reviewed({ request }: { request: AdminAccessRequest }) {
  if (request.status === 'pending') return null;
  return (
    <div className="min-w-0 text-xs text-muted-foreground">
      <p>
        {request.status === 'approved' ? 'Approved' : 'Rejected'}
        {request.reviewer ? ` by ${request.reviewer.name || formatPhoneForDisplay(request.reviewer.phone)}` : ''}
        {request.reviewedAt ? ` on ${formatDate(request.reviewedAt)}` : ''}
      </p>
      {request.note && <p className="mt-0.5 whitespace-normal italic text-foreground/80">“{request.note}”</p>}
    </div>
  );
}

function RowActions({ request, onReview, className }: { request: AdminAccessRequest; onReview: (p: Pending) => void; className?: string }) {
  if (request.status !== 'pending') return <Reviewed request={request} />;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button size="sm" onClick={() => onReview({ request, decision: 'approved' })} aria-label={`Approve ${who(request)}`}>
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button size="sm" variant="outline" onClick={() => onReview({ request, decision: 'rejected' })} aria-label={`Reject ${who(request)}`}>
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}

const dash = <span className="text-muted-foreground">—</span>;

/** The access request list's columns; the table joins Instagram and referral, cards show them apart. */
export function accessRequestColumns(onReview: (p: Pending) => void): Column<AdminAccessRequest>[] {
  return [
    { id: 'requested', header: 'Requested', className: 'tabular text-muted-foreground', card: 'none', cell: (r) => formatDate(r.createdAt) },
    {
      id: 'phone',
      header: 'Phone',
      className: 'tabular',
      card: 'primary',
      cell: (r) => (
        <>
          {formatPhoneForDisplay(r.phone)}
          {r.isMember && <span className="ml-2 text-xs text-muted-foreground">member</span>}
        </>
      ),
      mobileCell: (r) => (
        <>
          <p className="tabular font-medium">{formatPhoneForDisplay(r.phone)}</p>
          <p className="text-xs text-muted-foreground">Requested {formatDate(r.createdAt)}</p>
        </>
      ),
    },
    {
      id: 'handle',
      header: 'Instagram / Referral',
      className: 'min-w-[10rem] max-w-[15rem] whitespace-normal',
      card: 'none',
      cell: (r) => (
        <>
          {r.instagram && <p className="font-medium">@{r.instagram}</p>}
          {r.referral && (
            <p className={cn('leading-snug', r.instagram && 'mt-0.5 text-xs text-muted-foreground')}>
              {r.instagram && <span className="sr-only">Referral: </span>}
              {r.referral}
            </p>
          )}
          <LaterSubmissions submissions={r.laterSubmissions} count={r.laterCount} />
        </>
      ),
    },
    {
      id: 'instagram',
      header: 'Instagram',
      cardOnly: true,
      cell: (r) => (r.instagram ? <span className="block truncate font-medium">@{r.instagram}</span> : dash),
    },
    { id: 'referral', header: 'Referral', cardOnly: true, cell: (r) => r.referral || dash },
    {
      id: 'repeats',
      header: 'Sent again',
      cardOnly: true,
      card: 'wide',
      cell: (r) => (r.laterCount > 0 ? <LaterSubmissions submissions={r.laterSubmissions} count={r.laterCount} /> : dash),
    },
    {
      id: 'consents',
      header: 'Consents',
      className: 'min-w-[10.5rem] max-w-[12rem] whitespace-normal',
      card: 'wide',
      cell: (r) => <ConsentList request={r} />,
    },
    {
      id: 'status',
      header: 'Status',
      className: 'min-w-[8rem] max-w-[13rem] whitespace-normal',
      card: 'aside',
      cell: (r) => (
        <div className="grid gap-1">
          <StatusBadge status={r.status} map={accessRequestStatuses} />
          <Reviewed request={r} />
        </div>
      ),
      mobileCell: (r) => <StatusBadge status={r.status} map={accessRequestStatuses} />,
    },
    {
      id: 'review',
      header: 'Review',
      headerClassName: 'text-right',
      className: 'w-0 whitespace-nowrap',
      card: 'footer',
      cell: (r) => r.status === 'pending' && <RowActions request={r} onReview={onReview} className="flex-nowrap justify-end" />,
      mobileCell: (r) => <RowActions request={r} onReview={onReview} className="[&>button]:flex-1" />,
    },
  ];
}
