import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import {
  cardRequestKindLabels,
  cardRequestStatusLabels,
  cardRequestStatuses,
  sellOfferStatusLabels,
  sellOfferStatuses,
  type CardRequest,
  type CardRequestStatus,
  type SellOffer,
  type SellOfferStatus,
} from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { cardRequestStatusStyles, sellOfferStatusStyles } from '#web/components/marketplace-status.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminCardRequests, useReviewCardRequest } from './api/card-requests.ts';
import { useAdminSellOffers, useReviewSellOffer } from './api/sell-offers.ts';
import { CardCell, cardLine, FilterSelect, ReviewDialog, type Review } from './parts.tsx';

type Tab = 'requests' | 'sells';

function useParam(name: string) {
  const [params, setParams] = useSearchParams();
  const set = (v: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(name, v);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name) ?? undefined, set] as const;
}

const member = (m: { name: string | null }) => m.name ?? 'Member';

function RequestsQueue({ onReview }: { onReview: (r: Review) => void }) {
  const [raw, setStatus] = useParam('status');
  // Pending is the queue's default; "all" shows every status.
  const status = raw === 'all' ? undefined : (cardRequestStatuses as readonly string[]).includes(raw ?? '') ? (raw as CardRequestStatus) : 'pending';
  const query = useAdminCardRequests(status);
  const review = useReviewCardRequest();
  const act = (r: CardRequest, action: 'approve' | 'reject' | 'receive') =>
    onReview({
      title: action === 'approve' ? 'Approve this request?' : action === 'reject' ? 'Reject this request?' : 'Confirm receipt into the vault?',
      description:
        action === 'approve'
          ? r.card.custody === 'in_vault'
            ? `The card is already in the vault${r.kind === 'list' ? ', so it is listed right away' : ''}.`
            : 'Custody moves to in transit while the pickup is arranged.'
          : action === 'reject'
            ? 'The member sees your note.'
            : `The card is in the vault now${r.kind === 'list' ? ' and its listing goes live on the Private MarketPlace' : ''}.`,
      confirmLabel: action === 'approve' ? 'Approve' : action === 'reject' ? 'Reject' : 'Confirm receipt',
      done: action === 'approve' ? 'Request approved' : action === 'reject' ? 'Request rejected' : 'Receipt confirmed',
      destructive: action === 'reject',
      run: ({ note }) => review.mutateAsync({ id: r.id, action, note }),
    });
  const actions = (r: CardRequest) => (
    <>
      {r.status === 'pending' && (
        <>
          <Button size="sm" onClick={() => act(r, 'approve')} aria-label={`Approve the request for ${cardLine(r.card)}`}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => act(r, 'reject')} aria-label={`Reject the request for ${cardLine(r.card)}`}>
            Reject
          </Button>
        </>
      )}
      {r.status === 'approved' && (
        <Button size="sm" onClick={() => act(r, 'receive')} aria-label={`Confirm receipt of ${cardLine(r.card)}`}>
          Confirm receipt
        </Button>
      )}
    </>
  );
  // Seven columns did not fit beside the admin sidebar at 1280 px: in the table, the date goes
  // under the member, the price under the request and the buttons one above the other, so the
  // note and the actions are on screen without scrolling sideways. Cards keep one entry each.
  const columns: Column<CardRequest>[] = [
    { id: 'card', header: 'Card', cell: (r) => <CardCell card={r.card} />, card: 'primary', className: 'min-w-44 whitespace-normal' },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} map={cardRequestStatusStyles} />, card: 'aside' },
    {
      id: 'member',
      header: 'Submitted by',
      mobileLabel: 'Member',
      cell: (r) => (
        <div>
          <p>{member(r.member)}</p>
          <p className="text-xs text-muted-foreground">{formatDate(r.createdAt)}</p>
        </div>
      ),
      mobileCell: (r) => member(r.member),
      card: 'field',
    },
    {
      id: 'kind',
      header: 'Request',
      cell: (r) => (
        <div>
          <p>{cardRequestKindLabels[r.kind]}</p>
          {r.askingPriceCents !== null && (
            <p className="text-xs text-muted-foreground">
              Asking <Money cents={r.askingPriceCents} />
            </p>
          )}
        </div>
      ),
      mobileCell: (r) => (
        <span>
          {cardRequestKindLabels[r.kind]}
          {r.askingPriceCents !== null && (
            <>
              {' · '}
              <Money cents={r.askingPriceCents} />
            </>
          )}
        </span>
      ),
      card: 'field',
    },
    { id: 'date', header: 'Submitted', cell: (r) => formatDate(r.createdAt), card: 'field', cardOnly: true },
    {
      id: 'note',
      header: 'Note',
      // Cells do not wrap by default: a long note wraps here, even a word with no spaces.
      cell: (r) => <span className="break-words text-muted-foreground [overflow-wrap:anywhere]">{r.note ?? '—'}</span>,
      card: 'wide',
      className: 'min-w-40 max-w-64 whitespace-normal',
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (r) => <div className="flex flex-col items-stretch gap-2">{actions(r)}</div>,
      mobileCell: (r) => <div className="flex flex-wrap gap-2">{actions(r)}</div>,
      card: 'footer',
    },
  ];
  return (
    <div className="grid gap-4">
      <FilterSelect label="Status" value={raw === 'all' ? 'all' : (status ?? 'pending')} onChange={(v) => setStatus(v === 'pending' ? undefined : v)}>
        {cardRequestStatuses.map((s) => (
          <option key={s} value={s}>
            {cardRequestStatusLabels[s]}
          </option>
        ))}
        <option value="all">Any status</option>
      </FilterSelect>
      {query.isPending ? (
        <ListLoading label="Loading card requests" />
      ) : query.isError ? (
        <ListError title="Card requests could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.requests.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No card requests waiting' : 'No card requests with this status'} />
      ) : (
        <ResponsiveTable
          rows={query.data.requests}
          rowKey={(r) => r.id}
          columns={columns}
          rowTestId="admin-card-request"
          cardTestId="admin-card-request"
        />
      )}
    </div>
  );
}

function SellsQueue({ onReview }: { onReview: (r: Review) => void }) {
  const [raw, setStatus] = useParam('status');
  const status = raw === 'all' ? undefined : (sellOfferStatuses as readonly string[]).includes(raw ?? '') ? (raw as SellOfferStatus) : 'pending';
  const query = useAdminSellOffers(status);
  const review = useReviewSellOffer();
  const act = (o: SellOffer, action: 'accept' | 'reject' | 'counter') =>
    onReview({
      title: action === 'accept' ? 'Accept this offer?' : action === 'reject' ? 'Reject this offer?' : 'Counter this offer',
      description:
        action === 'accept'
          ? 'The house buys the card at the member’s price; the payout is recorded as owed in Sales History.'
          : action === 'reject'
            ? 'The member sees your note.'
            : 'The member can accept or decline your price.',
      confirmLabel: action === 'accept' ? 'Accept' : action === 'reject' ? 'Reject' : 'Send counter',
      done: action === 'accept' ? 'Offer accepted' : action === 'reject' ? 'Offer rejected' : 'Counter sent',
      destructive: action === 'reject',
      price: action === 'counter',
      run: ({ note, priceCents }) => review.mutateAsync({ id: o.id, action, note, counterPriceCents: priceCents }),
    });
  const columns: Column<SellOffer>[] = [
    { id: 'card', header: 'Card', cell: (o) => <CardCell card={o.card} />, card: 'primary' },
    { id: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} map={sellOfferStatusStyles} />, card: 'aside' },
    { id: 'member', header: 'Member', cell: (o) => member(o.member), card: 'field' },
    { id: 'price', header: 'Asking', cell: (o) => <Money cents={o.priceCents} />, card: 'field' },
    { id: 'counter', header: 'Counter', cell: (o) => (o.counterPriceCents === null ? '—' : <Money cents={o.counterPriceCents} />), card: 'field' },
    { id: 'date', header: 'Submitted', cell: (o) => formatDate(o.createdAt), card: 'field' },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (o) =>
        o.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => act(o, 'accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => act(o, 'counter')}>
              Counter
            </Button>
            <Button size="sm" variant="outline" onClick={() => act(o, 'reject')}>
              Reject
            </Button>
          </div>
        ) : o.status === 'countered' ? (
          <span className="text-xs text-muted-foreground">Waiting for the member</span>
        ) : null,
      card: 'footer',
    },
  ];
  return (
    <div className="grid gap-4">
      <FilterSelect label="Status" value={raw === 'all' ? 'all' : (status ?? 'pending')} onChange={(v) => setStatus(v === 'pending' ? undefined : v)}>
        {sellOfferStatuses.map((s) => (
          <option key={s} value={s}>
            {sellOfferStatusLabels[s]}
          </option>
        ))}
        <option value="all">Any status</option>
      </FilterSelect>
      {query.isPending ? (
        <ListLoading label="Loading sell offers" />
      ) : query.isError ? (
        <ListError title="Sell offers could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.offers.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No offers waiting' : 'No offers with this status'} />
      ) : (
        <ResponsiveTable rows={query.data.offers} rowKey={(o) => o.id} columns={columns} rowTestId="admin-sell-offer" cardTestId="admin-sell-offer" />
      )}
    </div>
  );
}

/** /admin/requests: members' card requests, and their offers to the house (the sell-offers queue). */
export default function CardRequestsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sells' ? 'sells' : 'requests';
  const [review, setReview] = useState<Review | null>(null);
  // Switching tabs drops the other queue's status filter.
  const choose = (t: string) => setParams(t === 'sells' ? { tab: 'sells' } : {}, { replace: true });
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader eyebrow="Admin" title="Card Requests" description="Cards members want listed or vaulted, and cards they offer to the house." />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList>
          <TabsTrigger value="requests">Card requests</TabsTrigger>
          <TabsTrigger value="sells">Sell offers</TabsTrigger>
        </TabsList>
        <TabsContent value="requests" className="mt-4">
          <RequestsQueue onReview={setReview} />
        </TabsContent>
        <TabsContent value="sells" className="mt-4">
          <SellsQueue onReview={setReview} />
        </TabsContent>
      </Tabs>
      <ReviewDialog
        review={review}
        onClose={() => setReview(null)}
        onDone={(r) => {
          setReview(null);
          toast({ title: r.done });
        }}
      />
    </div>
  );
}
