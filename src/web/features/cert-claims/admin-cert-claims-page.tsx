import { useId, useState } from 'react';
import { AlertTriangle, Check, RotateCw, X } from 'lucide-react';
import { custodyLabels, type Custody } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import {
  CERT_CLAIM_NOTE_MAX,
  certClaimMessages,
  certClaimStatuses,
  certClaimStatusLabels,
  type AdminCertClaim,
  type CertClaimStatus,
} from '#common/cert-claims.ts';
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
import { useDecideClaim } from './api/decide-claim.ts';
import { useAdminClaims } from './api/get-admin-claims.ts';
import { ClaimPhotos, ClaimStatusBadge, claimTitle } from './claim-status.tsx';

type Person = AdminCertClaim['claimant'];
const who = (p: Person) => p.name ?? formatPhoneForDisplay(p.phone);

/** Approve (with an optional note) or reject (with a reason the member reads). */
function DecideDialog({ target, onClose }: { target: { claim: AdminCertClaim; decision: 'approved' | 'rejected' } | null; onClose: () => void }) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideClaim();
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const rejecting = target?.decision === 'rejected';
  const submit = () => {
    if (!target) return;
    if (rejecting && !note.trim()) return setError(certClaimMessages.rejectReason);
    const decision = rejecting ? { decision: 'rejected' as const, note: note.trim() } : { decision: 'approved' as const, note: note.trim() || null };
    decide.mutate(
      { id: target.claim.id, decision },
      {
        onSuccess: () => {
          toast({
            title: rejecting ? 'Claim rejected' : 'Claim approved',
            description: rejecting ? `${who(target.claim.claimant)} is told why.` : `The card is now in ${who(target.claim.claimant)}’s registry.`,
          });
          close();
        },
        onError: (err) => setError(errorMessage(err, 'Please try again.')),
      },
    );
  };
  return (
    <Dialog open={Boolean(target)} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{rejecting ? 'Reject the claim' : 'Approve the claim'}</DialogTitle>
          <DialogDescription>
            {target &&
              (rejecting
                ? `${who(target.claim.claimant)} reads this reason; ${who(target.claim.holder)} is told the card stays theirs.`
                : `${claimTitle(target.claim)} moves from ${who(target.claim.holder)} to ${who(target.claim.claimant)}. Both are told, and the card’s provenance records it.`)}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-note`}>{rejecting ? 'Reason' : 'Note (optional)'}</Label>
          <Textarea
            id={`${ids}-note`}
            value={note}
            maxLength={CERT_CLAIM_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            placeholder={rejecting ? 'e.g. The label in the photos shows another certificate number' : 'e.g. Label, hologram and serial match PSA'}
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
          <Button variant={rejecting ? 'destructive' : 'crimson'} disabled={decide.isPending} onClick={submit}>
            {decide.isPending && <Spinner size="sm" label={rejecting ? 'Rejecting' : 'Approving'} />}
            {rejecting ? 'Reject' : 'Approve and move the card'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PersonLine({ label, person }: { label: string; person: Person }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{who(person)}</dd>
      <dd className="tabular truncate text-xs text-muted-foreground">{formatPhoneForDisplay(person.phone)}</dd>
    </div>
  );
}

function ClaimCard({ claim, onDecide }: { claim: AdminCertClaim; onDecide: (claim: AdminCertClaim, decision: 'approved' | 'rejected') => void }) {
  const blocked = claim.cardState.blockedBy;
  return (
    <li className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-xs" data-testid="cert-claim-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{claimTitle(claim)}</p>
          <p className="tabular text-sm text-muted-foreground">
            {claim.grader} {claim.certNumber} · {claim.card.grade ?? 'ungraded'} · {formatDate(claim.createdAt)}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <PersonLine label="Claimed by" person={claim.claimant} />
        <PersonLine label="Registered to" person={claim.holder} />
      </dl>
      {claim.message && <p className="rounded-md bg-muted/60 p-3 text-sm">“{claim.message}”</p>}
      <ClaimPhotos claim={claim} />
      <p className="text-xs text-muted-foreground">
        Card: {claim.cardState.live ? (custodyLabels[claim.cardState.custody as Custody] ?? claim.cardState.custody) : 'deleted'}
        {claim.cardState.hold ? ' · held' : ''}
      </p>
      {blocked && (
        <p className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="claim-blocked">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{blocked}</span>
        </p>
      )}
      {claim.status !== 'open' && (
        <p className="text-xs text-muted-foreground">
          {certClaimStatusLabels[claim.status]}
          {claim.decidedBy && ` by ${claim.decidedBy.name ?? 'an admin'}`} {formatDate(claim.decidedAt)}
          {claim.decisionNote && ` · “${claim.decisionNote}”`}
        </p>
      )}
      {claim.status === 'open' && (
        <div className="flex flex-wrap gap-2 [&>*]:flex-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onDecide(claim, 'rejected')}
            aria-label={`Reject the claim of ${who(claim.claimant)} for ${claim.grader} ${claim.certNumber}`}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
          <Button
            variant="crimson"
            size="sm"
            disabled={Boolean(blocked)}
            onClick={() => onDecide(claim, 'approved')}
            aria-label={`Approve the claim of ${who(claim.claimant)} for ${claim.grader} ${claim.certNumber}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
        </div>
      )}
    </li>
  );
}

const isStatus = (v: string | undefined): v is CertClaimStatus => certClaimStatuses.some((s) => s === v);

/**
 * /admin/cert-claims: members' claims to certificates registered by others, with the slab photos;
 * approve (the card moves) or reject with a reason. The tab is kept in `?status=`.
 */
export default function AdminCertClaimsPage() {
  const list = useListState(['status']);
  const status: CertClaimStatus = isStatus(list.filters.status) ? list.filters.status : 'open';
  const setStatus = (s: CertClaimStatus) => list.setFilter('status', s === 'open' ? undefined : s);
  const [deciding, setDeciding] = useState<{ claim: AdminCertClaim; decision: 'approved' | 'rejected' } | null>(null);
  const claims = useAdminClaims(status);
  const counts = claims.data?.counts;
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <PageHeader
        eyebrow="Registry"
        title="Certificate Claims"
        description="Members who hold a slab someone else registered. Compare the photos with the certificate, then move the card or say why not."
      />
      <Tabs value={status} onValueChange={(v) => isStatus(v) && setStatus(v)}>
        <TabsList aria-label="Claim status" className="h-auto flex-wrap justify-start">
          {certClaimStatuses.map((s) => (
            <TabsTrigger key={s} value={s}>
              {s === 'open' ? 'Open' : certClaimStatusLabels[s]}
              {counts ? ` (${counts[s]})` : ''}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="mt-6">
          {claims.isPending ? (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              <span className="sr-only" role="status">
                Loading claims
              </span>
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-96 rounded-xl" />
              ))}
            </div>
          ) : claims.isError ? (
            <Card role="alert">
              <CardHeader>
                <CardTitle>We couldn't load the claims</CardTitle>
                <CardDescription>{errorMessage(claims.error, 'Please try again.')}</CardDescription>
              </CardHeader>
              <CardFooter>
                <Button variant="outline" onClick={() => void claims.refetch()}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </CardFooter>
            </Card>
          ) : claims.data.claims.length === 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{status === 'open' ? 'Nothing to decide' : `No ${certClaimStatusLabels[status].toLowerCase()} claims`}</CardTitle>
                <CardDescription>
                  {status === 'open' ? 'New claims appear here as members send them.' : 'Decided claims appear here.'}
                </CardDescription>
              </CardHeader>
            </Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {claims.data.claims.map((c) => (
                <ClaimCard key={c.id} claim={c} onDecide={(claim, decision) => setDeciding({ claim, decision })} />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <DecideDialog target={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}
