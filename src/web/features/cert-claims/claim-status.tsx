import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { certClaimStatusLabels, type CertClaim, type CertClaimStatus } from '#common/cert-claims.ts';
import { certClaimApiPaths } from './api/keys.ts';

export const certClaimStatusStyles: StatusMap<CertClaimStatus> = {
  open: { label: certClaimStatusLabels.open, tone: 'warning' },
  approved: { label: certClaimStatusLabels.approved, tone: 'success' },
  rejected: { label: certClaimStatusLabels.rejected, tone: 'destructive' },
  withdrawn: { label: certClaimStatusLabels.withdrawn, tone: 'muted' },
};

export const ClaimStatusBadge = ({ status }: { status: CertClaimStatus }) => <StatusBadge status={status} map={certClaimStatusStyles} />;

/** "1986 Fleer Michael Jordan · PSA 12345678" */
export const claimTitle = (c: Pick<CertClaim, 'card' | 'grader' | 'certNumber'>) => `${c.card.year} ${c.card.brand} ${c.card.subject}`;

/** The slab photos sent with a claim, each opening full size in a new tab (served to the claimant and admins only). */
export function ClaimPhotos({ claim, size = 'md' }: { claim: CertClaim; size?: 'sm' | 'md' }) {
  return (
    <div className={size === 'sm' ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-2 gap-3'}>
      {(['front', 'back'] as const).map((side) => {
        const src = certClaimApiPaths.photo(claim.photos[side].url, true);
        return (
          <a
            key={side}
            href={src}
            target="_blank"
            rel="noreferrer"
            className="group grid gap-1 rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <img
              src={src}
              alt={`${side === 'front' ? 'Front' : 'Back'} of the slab, sent with the claim for ${claim.grader} ${claim.certNumber}`}
              loading="lazy"
              className={`${size === 'sm' ? 'h-28' : 'h-56'} w-full rounded-lg border bg-zinc-100 object-contain`}
            />
            <span className="text-center text-xs uppercase tracking-wide text-muted-foreground group-hover:text-foreground">
              {side}
              <span className="sr-only"> (opens full size in a new tab)</span>
            </span>
          </a>
        );
      })}
    </div>
  );
}
