import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import { promotionStatusLabels, promotionStatuses, type PromotionRequest, type PromotionStatus } from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { promotionStatusStyles } from '#web/components/marketplace-status.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminPromotions, useReviewPromotion } from './api/promotions.ts';
import { CardCell, FilterSelect, ReviewDialog, type Review } from './parts.tsx';

/** /admin/promotion-requests: sellers asking for their listing to be featured first on /secure. */
export default function PromotionRequestsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'all' ? undefined : (promotionStatuses as readonly string[]).includes(raw ?? '') ? (raw as PromotionStatus) : 'pending';
  const query = useAdminPromotions(status);
  const review = useReviewPromotion();
  const [open, setOpen] = useState<Review | null>(null);
  const act = (p: PromotionRequest, action: 'approve' | 'decline') =>
    setOpen({
      title: action === 'approve' ? `Feature this listing for ${p.days} days?` : 'Decline this promotion?',
      description:
        action === 'approve'
          ? 'It shows first on the Private MarketPlace with a Featured badge until the period ends.'
          : 'The seller sees your note.',
      confirmLabel: action === 'approve' ? 'Approve' : 'Decline',
      done: action === 'approve' ? 'Promotion approved' : 'Promotion declined',
      destructive: action === 'decline',
      run: ({ note }) => review.mutateAsync({ id: p.id, action, note }),
    });
  const columns: Column<PromotionRequest>[] = [
    {
      id: 'card',
      header: 'Listing',
      cell: (p) => (
        <Link href={`/secure/${p.listing.id}`} className="block underline-offset-4 hover:underline">
          <CardCell card={p.listing.card} />
        </Link>
      ),
      card: 'primary',
    },
    { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} map={promotionStatusStyles} />, card: 'aside' },
    { id: 'member', header: 'Seller', cell: (p) => p.member.name ?? 'Member', card: 'field' },
    { id: 'price', header: 'Price', cell: (p) => <Money cents={p.listing.priceCents} />, card: 'field' },
    { id: 'days', header: 'Days', cell: (p) => p.days, card: 'field' },
    { id: 'until', header: 'Featured until', cell: (p) => (p.featuredUntil ? formatDate(p.featuredUntil) : '—'), card: 'field' },
    { id: 'date', header: 'Asked', cell: (p) => formatDate(p.createdAt), card: 'field' },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (p) =>
        p.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => act(p, 'approve')}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => act(p, 'decline')}>
              Decline
            </Button>
          </div>
        ) : null,
      card: 'footer',
    },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Promotion Requests"
        description="Sellers asking for a listing to be featured first on the Private MarketPlace."
      />
      <FilterSelect
        label="Status"
        value={raw === 'all' ? 'all' : (status ?? 'pending')}
        onChange={(v) => setParams(v && v !== 'pending' ? { status: v } : {}, { replace: true })}
      >
        {promotionStatuses.map((s) => (
          <option key={s} value={s}>
            {promotionStatusLabels[s]}
          </option>
        ))}
        <option value="all">Any status</option>
      </FilterSelect>
      {query.isPending ? (
        <ListLoading label="Loading promotion requests" />
      ) : query.isError ? (
        <ListError
          title="Promotion requests could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.requests.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No promotion requests waiting' : 'No promotion requests with this status'} />
      ) : (
        <ResponsiveTable rows={query.data.requests} rowKey={(p) => p.id} columns={columns} rowTestId="admin-promotion" cardTestId="admin-promotion" />
      )}
      <ReviewDialog
        review={open}
        onClose={() => setOpen(null)}
        onDone={(r) => {
          setOpen(null);
          toast({ title: r.done });
        }}
      />
    </div>
  );
}
