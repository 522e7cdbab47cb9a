import { useId, useState } from 'react';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Check, Download, RotateCw, X } from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import { kycDocumentLabels, kycMessages, type AdminKycDocument, type KycDocumentStatus } from '#common/kyc.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useAdminKycDocuments } from './api/get-admin-kyc-documents.ts';
import { kycFileUrl } from './api/kyc-file-url.ts';
import { useReviewKycDocument } from './api/review-kyc-document.ts';
import { kycDocumentStatuses } from './kyc-status-badge.tsx';

const who = (d: AdminKycDocument) => d.user.name ?? formatPhoneForDisplay(d.user.phone);

function Preview({ doc }: { doc: AdminKycDocument }) {
  const title = `${kycDocumentLabels[doc.type]} of ${who(doc)}`;
  if (doc.contentType === 'application/pdf') {
    return <iframe src={kycFileUrl(doc.id, true)} title={title} className="h-72 w-full rounded-lg border bg-white" />;
  }
  return (
    <a href={kycFileUrl(doc.id, true)} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border bg-zinc-100">
      <img src={kycFileUrl(doc.id, true)} alt={title} className="mx-auto h-72 w-full object-contain" />
    </a>
  );
}

function RejectDialog({ doc, onClose }: { doc: AdminKycDocument | null; onClose: () => void }) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useReviewKycDocument();
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!doc) return;
    if (!note.trim()) return setError(kycMessages.rejectReason);
    review.mutate(
      { id: doc.id, review: { status: 'rejected', note: note.trim() } },
      {
        onSuccess: () => {
          toast({ title: 'Document rejected', description: `${who(doc)} will be asked for a new ${kycDocumentLabels[doc.type].toLowerCase()}.` });
          close();
        },
        onError: (err) => setError(errorMessage(err, 'Please try again.')),
      },
    );
  };
  return (
    <Dialog open={Boolean(doc)} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {doc ? kycDocumentLabels[doc.type].toLowerCase() : 'document'}</DialogTitle>
          <DialogDescription>The member sees this reason and is asked to upload a new document.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-note`}>Reason</Label>
          <Textarea
            id={`${ids}-note`}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. The photo is blurred; the ID number is not readable"
            aria-invalid={error ? true : undefined}
            className="min-h-24"
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={review.isPending} onClick={submit}>
            {review.isPending && <Spinner size="sm" label="Rejecting" />}
            Reject
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DocumentCard({ doc, onReject }: { doc: AdminKycDocument; onReject: (d: AdminKycDocument) => void }) {
  const review = useReviewKycDocument({
    onSuccess: () => toast({ title: 'Document approved', description: `${kycDocumentLabels[doc.type]} of ${who(doc)}.` }),
    onError: (err) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(err, 'Please try again.') }),
  });
  const approve = () => review.mutate({ id: doc.id, review: { status: 'approved' } });
  return (
    <li className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="kyc-review-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{kycDocumentLabels[doc.type]}</p>
          <p className="truncate text-sm">{who(doc)}</p>
          <p className="tabular text-xs text-muted-foreground">
            {formatPhoneForDisplay(doc.user.phone)} · uploaded {formatDate(doc.createdAt)}
          </p>
        </div>
        <StatusBadge status={doc.status} map={kycDocumentStatuses} />
      </div>
      <Preview doc={doc} />
      {doc.status !== 'pending' && (
        <p className="text-xs text-muted-foreground">
          {doc.status === 'approved' ? 'Approved' : 'Rejected'}
          {doc.reviewer && ` by ${doc.reviewer.name ?? 'an admin'}`} {formatDate(doc.reviewedAt)}
          {doc.note && ` · “${doc.note}”`}
        </p>
      )}
      <div className="flex flex-wrap gap-2 [&>*]:flex-1">
        <Button asChild variant="ghost" size="sm">
          <a href={kycFileUrl(doc.id)} download>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        {doc.status !== 'rejected' && (
          <Button variant="outline" size="sm" onClick={() => onReject(doc)} aria-label={`Reject ${kycDocumentLabels[doc.type]} of ${who(doc)}`}>
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
        {doc.status !== 'approved' && (
          <Button
            variant="crimson"
            size="sm"
            disabled={review.isPending}
            onClick={approve}
            aria-label={`Approve ${kycDocumentLabels[doc.type]} of ${who(doc)}`}
          >
            {review.isPending ? <Spinner size="sm" label="Approving" /> : <Check aria-hidden="true" />}
            Approve
          </Button>
        )}
      </div>
    </li>
  );
}

const statuses: readonly KycDocumentStatus[] = ['pending', 'approved', 'rejected'];
const isStatus = (v: string | undefined): v is KycDocumentStatus => statuses.some((s) => s === v);

/**
 * /admin/kyc-verification: the queue of identity documents, with a preview and Approve / Reject.
 * Documents stay cards at every width (each needs its preview); the tab is kept in `?status=`.
 */
export default function AdminKycPage() {
  const list = useListState(['status']);
  const status: KycDocumentStatus = isStatus(list.filters.status) ? list.filters.status : 'pending';
  const setStatus = (s: KycDocumentStatus) => list.setFilter('status', s === 'pending' ? undefined : s);
  const [rejecting, setRejecting] = useState<AdminKycDocument | null>(null);
  const docs = useAdminKycDocuments(status);
  const counts = docs.data?.counts;
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <PageHeader
        eyebrow="Compliance"
        title="KYC Verification"
        description="Check each document against the member's details, then approve it or say what to fix."
      />
      <Tabs value={status} onValueChange={(v) => isStatus(v) && setStatus(v)}>
        <TabsList aria-label="Document status">
          <TabsTrigger value="pending">Pending{counts ? ` (${counts.pending})` : ''}</TabsTrigger>
          <TabsTrigger value="approved">Approved{counts ? ` (${counts.approved})` : ''}</TabsTrigger>
          <TabsTrigger value="rejected">Rejected{counts ? ` (${counts.rejected})` : ''}</TabsTrigger>
        </TabsList>
        {/* One panel, for the chosen status, so every tab controls a real panel. */}
        <TabsContent value={status} className="mt-6">
          {docs.isPending ? (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              <span className="sr-only" role="status">
                Loading documents
              </span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-96 rounded-xl" />
              ))}
            </div>
          ) : docs.isError ? (
            <Card role="alert">
              <CardHeader>
                <CardTitle>We couldn't load the documents</CardTitle>
                <CardDescription>{errorMessage(docs.error, 'Please try again.')}</CardDescription>
              </CardHeader>
              <CardFooter>
                <Button variant="outline" onClick={() => void docs.refetch()}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </CardFooter>
            </Card>
          ) : docs.data.documents.length === 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{status === 'pending' ? 'Nothing to review' : `No ${status} documents`}</CardTitle>
                <CardDescription>
                  {status === 'pending' ? 'New uploads appear here as members send them.' : 'Reviewed documents appear here.'}
                </CardDescription>
              </CardHeader>
            </Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {docs.data.documents.map((d) => (
                <DocumentCard key={d.id} doc={d} onReject={setRejecting} />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <RejectDialog doc={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
