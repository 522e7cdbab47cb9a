import { Link } from 'wouter';
import { titleCase } from '#common/title-case.ts';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { AlertTriangle, ArrowRightLeft, PencilLine } from 'lucide-react';
import { graderLabels, sportLabels, type AdminCardRow, type Custody } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import type { Column } from '#web/components/responsive-table.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';
import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';

export const adminCustodyStatuses: StatusMap<Custody> = {
  with_owner: { label: 'With owner', tone: 'neutral' },
  in_transit: { label: 'In transit', tone: 'warning' },
  in_vault: { label: 'In vault', tone: 'success' },
};

const title = (c: AdminCardRow) => `${c.year} ${titleCase(c.brand)} ${titleCase(c.subject)}`;
export const ownerName = (c: AdminCardRow) => c.owner.name || formatPhoneForDisplay(c.owner.phone);

function Thumb({ card }: { card: AdminCardRow }) {
  return (
    <div className="w-10 shrink-0">
      {card.thumbnailUrl ? (
        <img src={card.thumbnailUrl} alt="" className="aspect-[300/468] w-10 rounded border bg-muted object-cover" loading="lazy" />
      ) : (
        <SlabImage card={card} />
      )}
    </div>
  );
}

function ReviewMarker({ card }: { card: AdminCardRow }) {
  if (!card.needsReview) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-warning" data-testid="needs-review">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      Needs review
    </span>
  );
}

/** The admin card list's columns; owner links narrow the list to that member's cards. */
export function adminCardColumns(onCustody: (c: AdminCardRow) => void, onCorrect: (c: AdminCardRow) => void = () => {}): Column<AdminCardRow>[] {
  return [
    {
      id: 'card',
      header: 'Card',
      className: 'min-w-[16rem] whitespace-normal',
      card: 'primary',
      cell: (c) => (
        <div className="flex items-center gap-3">
          <Thumb card={c} />
          <div className="min-w-0">
            <p className="font-medium leading-snug">{title(c)}</p>
            <p className="text-xs text-muted-foreground">
              {sportLabels[c.sport]}
              {c.certNumber ? ` · cert ${c.certNumber}` : ''} · added {formatDate(c.createdAt)}
            </p>
            <ReviewMarker card={c} />
          </div>
        </div>
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      cell: (c) => (
        <Link
          href={`/admin/cards?ownerId=${encodeURIComponent(c.owner.id)}`}
          className="underline-offset-4 hover:underline"
          aria-label={`Show only ${ownerName(c)}’s cards`}
        >
          {ownerName(c)}
        </Link>
      ),
    },
    {
      id: 'grade',
      header: 'Grade',
      className: 'whitespace-nowrap',
      cell: (c) => (c.grader === 'raw' ? 'Raw' : `${graderLabels[c.grader]} ${c.grade ?? ''}`),
    },
    {
      id: 'value',
      header: 'Est. value',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (c) => <Money cents={c.estimatedValueCents} decimals={0} />,
    },
    { id: 'custody', header: 'Custody', card: 'aside', cell: (c) => <StatusBadge status={c.custody} map={adminCustodyStatuses} /> },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'w-0 text-right',
      card: 'footer',
      cell: (c) => (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => onCustody(c)} aria-label={`Change custody of ${title(c)}`}>
            <ArrowRightLeft aria-hidden="true" />
            Custody
          </Button>
          <Button size="sm" variant="outline" onClick={() => onCorrect(c)} aria-label={`Correct or appraise ${title(c)}`}>
            <PencilLine aria-hidden="true" />
            Correct
          </Button>
          <AuditTrailLink targetType="card" targetId={c.id} label="Audit" aria-label={`Audit trail for ${title(c)}`} />
        </div>
      ),
    },
  ];
}
