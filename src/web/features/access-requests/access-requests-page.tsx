import { useId, useState } from 'react';
import { EmptyState } from '#web/components/empty-state.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Check, RotateCw, X } from 'lucide-react';
import {
  REVIEW_NOTE_MAX_LENGTH,
  type AccessRequestStatus,
  type AdminAccessRequest,
  type ReviewAccessRequestResponse,
} from '#common/access-request.ts';
import { formatDate } from '#common/format.ts';
import { LaterSubmissions } from './later-submissions.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { SEARCH_DEBOUNCE_MS } from '#web/hooks/use-list-state.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useAdminAccessRequests, useReviewAccessRequest } from './api/admin-access-requests.ts';
import { accessRequestStatuses, ConsentList } from './access-request-status.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';


type Filter = AccessRequestStatus | 'all';
const filters: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

type Decision = 'approved' | 'rejected';
interface Pending {
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

function RowActions({
  request,
  onReview,
  className,
}: {
  request: AdminAccessRequest;
  onReview: (p: Pending) => void;
  className?: string;
}) {
  if (request.status !== 'pending') return <Reviewed request={request} />;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button size="sm" onClick={() => onReview({ request, decision: 'approved' })} aria-label={`Approve ${who(request)}`}>
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onReview({ request, decision: 'rejected' })}
        aria-label={`Reject ${who(request)}`}
      >
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}

function Handle({ request }: { request: AdminAccessRequest }) {
  return request.instagram ? (
    <span className="font-medium">@{request.instagram}</span>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

function RequestsTable({ requests, onReview }: { requests: AdminAccessRequest[]; onReview: (p: Pending) => void }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border bg-card md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Requested</TableHead>
            <TableHead>Phone</TableHead>
            <TableHead>Instagram / Referral</TableHead>
            <TableHead>Consents</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Review</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((r) => (
            <TableRow key={r.id} data-testid="access-request-row">
              <TableCell className="tabular text-muted-foreground">{formatDate(r.createdAt)}</TableCell>
              <TableCell className="tabular">
                {formatPhoneForDisplay(r.phone)}
                {r.isMember && <span className="ml-2 text-xs text-muted-foreground">member</span>}
              </TableCell>
              <TableCell className="min-w-[10rem] max-w-[15rem] whitespace-normal">
                {r.instagram && <p className="font-medium">@{r.instagram}</p>}
                {r.referral && (
                  <p className={cn('leading-snug', r.instagram && 'mt-0.5 text-xs text-muted-foreground')}>
                    {r.instagram && <span className="sr-only">Referral: </span>}
                    {r.referral}
                  </p>
                )}
                <LaterSubmissions submissions={r.laterSubmissions} count={r.laterCount} />
              </TableCell>
              <TableCell className="min-w-[10.5rem] max-w-[12rem] whitespace-normal">
                <ConsentList request={r} />
              </TableCell>
              <TableCell className="min-w-[8rem] max-w-[13rem] whitespace-normal">
                <div className="grid gap-1">
                  <StatusBadge status={r.status} map={accessRequestStatuses} />
                  <Reviewed request={r} />
                </div>
              </TableCell>
              <TableCell className="w-0 whitespace-nowrap">
                {r.status === 'pending' && <RowActions request={r} onReview={onReview} className="flex-nowrap justify-end" />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function RequestsCards({ requests, onReview }: { requests: AdminAccessRequest[]; onReview: (p: Pending) => void }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {requests.map((r) => (
        <li key={r.id} data-testid="access-request-card" className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="tabular font-medium">{formatPhoneForDisplay(r.phone)}</p>
              <p className="text-xs text-muted-foreground">Requested {formatDate(r.createdAt)}</p>
            </div>
            <StatusBadge status={r.status} map={accessRequestStatuses} />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Instagram</dt>
              <dd className="truncate">
                <Handle request={r} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Referral</dt>
              <dd className="break-words">{r.referral || <span className="text-muted-foreground">—</span>}</dd>
            </div>
            {r.laterCount > 0 && (
              <div className="col-span-2">
                <LaterSubmissions submissions={r.laterSubmissions} count={r.laterCount} />
              </div>
            )}
            <div className="col-span-2">
              <dt className="mb-1 text-xs text-muted-foreground">Consents</dt>
              <dd>
                <ConsentList request={r} />
              </dd>
            </div>
          </dl>
          <RowActions request={r} onReview={onReview} className="[&>button]:flex-1" />
        </li>
      ))}
    </ul>
  );
}

function LoadingRows() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading access requests
      </span>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

function smsOutcome(decision: Decision, notify: boolean, res: ReviewAccessRequestResponse) {
  if (res.sms.sent) return decision === 'approved' ? 'They have been texted how to sign in.' : 'They have been told by SMS.';
  if (decision === 'rejected' && !notify) return 'No SMS was sent.';
  return res.sms.reason ?? 'No SMS was sent.';
}

function ReviewDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const review = useReviewAccessRequest();
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(false);
  const ids = useId();
  const [current, setCurrent] = useState<Pending | null>(pending);
  if (pending && pending !== current) {
    setCurrent(pending);
    setNote('');
    setNotify(false);
  }
  const shown = pending ?? current;
  const approving = shown?.decision === 'approved';
  const phone = shown ? formatPhoneForDisplay(shown.request.phone) : '';

  const confirm = async () => {
    if (!shown) return;
    const decision = shown.decision;
    try {
      const res = await review.mutateAsync({
        id: shown.request.id,
        review: { status: decision, note: note.trim() || undefined, notify: decision === 'rejected' ? notify : undefined },
      });
      const failedSms = (decision === 'approved' || notify) && !res.sms.sent;
      toast({
        variant: failedSms ? 'destructive' : 'default',
        title: decision === 'approved' ? 'Access approved' : 'Request rejected',
        description: `${phone}. ${smsOutcome(decision, notify, res)}`,
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Review failed', description: errorMessage(err, 'Please try again.') });
    }
    onClose();
  };

  return (
    <AlertDialog open={!!pending} onOpenChange={(o) => !o && !review.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{approving ? 'Approve this request?' : 'Reject this request?'}</AlertDialogTitle>
          <AlertDialogDescription>
            {approving ? (
              <>
                <span className="tabular font-medium text-foreground">{phone}</span> will be able to sign in, and will
                receive an SMS telling them how.
              </>
            ) : (
              <>
                <span className="tabular font-medium text-foreground">{phone}</span> will not be able to sign in. Nothing is
                sent unless you choose to notify them.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-note`}>
            Note <span className="font-normal text-muted-foreground">(optional, for admins)</span>
          </Label>
          <Textarea
            id={`${ids}-note`}
            value={note}
            maxLength={REVIEW_NOTE_MAX_LENGTH}
            onChange={(e) => setNote(e.target.value)}
            placeholder={approving ? 'e.g. Known collector, met at the National' : 'e.g. Could not verify the referral'}
            className="min-h-20"
          />
        </div>
        {!approving && (
          <div className="flex items-start gap-3">
            <Checkbox id={`${ids}-notify`} checked={notify} onCheckedChange={(v) => setNotify(v === true)} className="mt-0.5" />
            <label htmlFor={`${ids}-notify`} className="text-sm leading-snug">
              Notify them by SMS
              <span className="block text-xs text-muted-foreground">
                “Your request for access was not approved. Please contact support for more information.”
              </span>
            </label>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={review.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={approving ? undefined : buttonVariants({ variant: 'destructive' })}
            disabled={review.isPending}
            onClick={(e) => {
              e.preventDefault();
              void confirm();
            }}
          >
            {review.isPending && <Spinner size="sm" label="Saving" />}
            {approving ? 'Approve' : 'Reject'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export default function AccessRequestsPage() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pending, setPending] = useState<Pending | null>(null);
  const [prevQ, setPrevQ] = useState(q);
  if (q !== prevQ) {
    setPrevQ(q);
    setPage(1);
  }
  const chooseFilter = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };

  const list = useAdminAccessRequests({ status: filter === 'all' ? undefined : filter, q, page });
  const data = list.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 25;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const counts = data?.counts;
  const countFor = (f: Filter) =>
    counts ? (f === 'all' ? counts.pending + counts.approved + counts.rejected : counts[f]) : undefined;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Access Requests"
        description="Everyone who asked to join. Approving lets the phone sign in and texts them how; rejecting sends nothing unless you choose."
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label="Status" className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto">
          {filters.map((f) => {
            const n = countFor(f.value);
            return (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => chooseFilter(f.value)}
                className={cn(
                  'inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:flex-none',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  filter === f.value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )}
              >
                {f.label}
                {n !== undefined && <span className="tabular text-xs text-muted-foreground">{n}</span>}
              </button>
            );
          })}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput label="Search by phone, Instagram or referral" placeholder="Phone, Instagram or referral" value={search} onChange={setSearch} className="w-full sm:w-80" />
          <p className="tabular shrink-0 text-sm text-muted-foreground" aria-live="polite">
            {list.isFetching && !list.isPending ? (
              <span className="inline-flex items-center gap-2">
                <Spinner size="sm" label="Updating" /> Updating…
              </span>
            ) : data ? (
              total === 0 ? (
                'No requests'
              ) : (
                `${first}–${last} of ${total}`
              )
            ) : null}
          </p>
        </div>
      </div>

      {list.isPending ? (
        <LoadingRows />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm">
          <p className="font-medium text-red-900">We couldn't load access requests.</p>
          <p className="text-red-800">{errorMessage(list.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : data && data.requests.length === 0 ? (
        <EmptyState
          title={q ? `No requests match “${q}”` : filter === 'pending' ? 'No requests waiting for review' : 'No requests here yet'}
          description={q ? 'Try the last digits of a phone number, an Instagram username or a name.' : 'New requests from the Get Access form appear here.'}
        />
      ) : data ? (
        <>
          <RequestsTable requests={data.requests} onReview={setPending} />
          <RequestsCards requests={data.requests} onReview={setPending} />
        </>
      ) : null}

      <Pagination page={page} pages={pages} onPageChange={setPage} disabled={list.isFetching} />

      <ReviewDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
