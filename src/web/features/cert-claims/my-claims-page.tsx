import { ArrowLeft, RotateCw, ShieldQuestion, Undo2 } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import type { CertClaim } from '#common/cert-claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useMyClaims } from './api/get-my-claims.ts';
import { useWithdrawClaim } from './api/withdraw-claim.ts';
import { ClaimPhotos, ClaimStatusBadge, claimTitle } from './claim-status.tsx';

function Outcome({ claim }: { claim: CertClaim }) {
  if (claim.status === 'open')
    return (
      <p className="text-sm text-muted-foreground">Our team is comparing your photos with the certificate. We will tell you what they decide.</p>
    );
  if (claim.status === 'withdrawn') return <p className="text-sm text-muted-foreground">You withdrew this claim.</p>;
  const approved = claim.status === 'approved';
  return (
    <div className="grid gap-1 text-sm">
      <p>
        {approved ? 'Approved' : 'Rejected'} {formatDate(claim.decidedAt)}.{' '}
        {approved && (
          <Link href={`/registry/${claim.card.id}`} className="font-medium text-crimson underline-offset-4 hover:underline">
            Open the card
          </Link>
        )}
      </p>
      {claim.decisionNote && <p className="text-muted-foreground">“{claim.decisionNote}”</p>}
    </div>
  );
}

function ClaimItem({ claim }: { claim: CertClaim }) {
  const withdraw = useWithdrawClaim();
  const onWithdraw = () =>
    withdraw.mutate(claim.id, {
      onSuccess: () => toast({ title: 'Claim withdrawn', description: `${claim.grader} ${claim.certNumber}` }),
      onError: (err) => toast({ variant: 'destructive', title: 'Not withdrawn', description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_16rem] sm:p-5" data-testid="my-claim">
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium">{claimTitle(claim)}</p>
            <p className="tabular text-sm text-muted-foreground">
              {claim.grader} {claim.certNumber} · {claim.card.grade ?? 'ungraded'} · claimed {formatDate(claim.createdAt)}
            </p>
          </div>
          <ClaimStatusBadge status={claim.status} />
        </div>
        {claim.message && <p className="text-sm">“{claim.message}”</p>}
        <Outcome claim={claim} />
        {claim.status === 'open' && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onWithdraw} disabled={withdraw.isPending}>
            {withdraw.isPending ? <Spinner size="sm" label="Withdrawing" /> : <Undo2 aria-hidden="true" />}
            Withdraw claim
          </Button>
        )}
      </div>
      <ClaimPhotos claim={claim} size="sm" />
    </li>
  );
}

/** /registry/claims: the member's certificate claims and where each stands. */
export default function MyClaimsPage() {
  const claims = useMyClaims();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <Button variant="ghost" size="sm" asChild className="justify-self-start">
        <Link href="/registry">
          <ArrowLeft aria-hidden="true" />
          Registry
        </Link>
      </Button>
      <PageHeader
        eyebrow="Registry"
        title="Certificate claims"
        description="Certificates someone else registered that you showed us you hold. An approved claim moves the card into your registry."
      />
      {claims.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your claims
          </span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : claims.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>We couldn't load your claims</CardTitle>
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
            <CardTitle>No claims</CardTitle>
            <CardDescription>
              When you add a card whose certificate someone else has registered, you can claim it from there with photos of the slab.
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <Button variant="outline" asChild>
              <Link href="/registry/claims/new">
                <ShieldQuestion aria-hidden="true" />
                Claim a certificate
              </Link>
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <ul className="grid gap-4">
          {claims.data.claims.map((c) => (
            <ClaimItem key={c.id} claim={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
