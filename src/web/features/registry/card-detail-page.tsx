import { useState } from 'react';
import { titleCase } from '#common/title-case.ts';
import { Link, useLocation } from 'wouter';
import { ArrowLeft, Pencil, Share2, Trash2 } from 'lucide-react';
import { cardLockedMessages, graderLabels, sportLabels, type CardDetail } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useCard } from './api/get-card.ts';
import { useDeleteCard } from './api/delete-card.ts';
import { useUpdateCard } from './api/update-card.ts';
import { CardForm } from './card-form.tsx';
import { valuesFromCard } from './card-form-values.ts';
import { CardImages } from './card-images.tsx';
import { CardValuation } from './card-valuation.tsx';
import { custodyStatuses, holdStatuses } from './custody.ts';
import { ProvenanceTimeline } from './provenance-timeline.tsx';
import { cardTitle, gradeText } from './slab-tile.tsx';

function Fields({ card }: { card: CardDetail }) {
  const rows: [string, string | null][] = [
    ['Grader', graderLabels[card.grader]],
    ['Certificate', card.certNumber],
    ['Grade', card.grade],
    ['Year', String(card.year)],
    ['Set', titleCase(card.brand)],
    ['Player', titleCase(card.subject)],
    ['Card number', card.cardNumber],
    ['Variety', titleCase(card.variety)],
    ['Sport', sportLabels[card.sport]],
    ['Added', formatDate(card.createdAt)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words font-medium">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditDialog({ card, open, onOpenChange }: { card: CardDetail; open: boolean; onOpenChange: (o: boolean) => void }) {
  const update = useUpdateCard();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit card</DialogTitle>
          <DialogDescription>Every change is kept in the card’s provenance.</DialogDescription>
        </DialogHeader>
        <CardForm
          defaultValues={valuesFromCard(card)}
          lockedReason={card.hold ? cardLockedMessages[card.hold] : null}
          changedOnly
          submitLabel="Save changes"
          onCancel={() => onOpenChange(false)}
          onSubmit={async (changes) => {
            if (Object.keys(changes).length > 0) await update.mutateAsync({ id: card.id, changes });
            onOpenChange(false);
            toast({ title: 'Card updated' });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" aria-busy="true">
      <span className="sr-only" role="status">
        Loading card
      </span>
      <Skeleton className="aspect-[600/468] w-full rounded-xl" />
      <div className="grid content-start gap-3">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}

export default function CardDetailPage({ params }: { params: { id?: string } }) {
  const id = params.id ?? '';
  const query = useCard(id);
  const remove = useDeleteCard();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const card = query.data;
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  const confirmDelete = async () => {
    if (!card) return;
    setDeleteProblem(null);
    try {
      await remove.mutateAsync(card.id);
      setDeleting(false);
      toast({ title: 'Card deleted', description: `${cardTitle(card)} is no longer in your registry.` });
      navigate('/registry', { replace: true });
    } catch (err) {
      setDeleteProblem(errorMessage(err, 'The card could not be deleted. Please try again.'));
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link href="/registry" className="inline-flex items-center gap-1.5 justify-self-start text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Registry
      </Link>

      {query.isPending ? (
        <DetailSkeleton />
      ) : notFound ? (
        <EmptyState
          notFound
          title="Card not found"
          description="It may have been deleted, or the link is wrong."
          action={
            <Button asChild variant="outline">
              <Link href="/registry">Back to your registry</Link>
            </Button>
          }
        />
      ) : query.isError || !card ? (
        <LoadError title="We couldn’t load this card" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-x-10">
          {/* The title comes first for screen readers and on phones; wide screens put the photos beside it. */}
          <div className="grid content-start gap-3 lg:col-start-2 lg:row-start-1">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={card.custody} map={custodyStatuses} />
              {card.hold && <StatusBadge status={card.hold} map={holdStatuses} />}
              {card.needsReview && (
                <span className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-warning">Under review by our team</span>
              )}
            </div>
            <h1 className="font-display text-3xl font-medium tracking-tight sm:text-4xl">{cardTitle(card)}</h1>
            <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{gradeText(card)}</p>
            <CardValuation card={card} />
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link href={`/share/${card.id}`}>
                  <Share2 aria-hidden="true" />
                  Share
                </Link>
              </Button>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => (setDeleteProblem(null), setDeleting(true))}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </div>
          <CardImages card={card} className="lg:col-start-1 lg:row-span-2 lg:row-start-1" />
          <div className="grid content-start gap-8 lg:col-start-2 lg:row-start-2">
            <Fields card={card} />
            <ProvenanceTimeline events={card.events} viewerId={card.ownerId} />
          </div>
          <EditDialog card={card} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={deleting}
            onClose={() => setDeleting(false)}
            onConfirm={() => void confirmDelete()}
            pending={remove.isPending}
            destructive
            title="Delete this card?"
            description={`${cardTitle(card)} and its photos leave your registry.`}
            confirmLabel="Delete card"
          >
            {deleteProblem && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                {deleteProblem}
              </p>
            )}
          </ConfirmDialog>
        </div>
      )}
    </div>
  );
}
