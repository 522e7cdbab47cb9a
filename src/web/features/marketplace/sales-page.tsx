import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Plus } from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import {
  cardRequestKindLabels,
  cardRequestStatusLabels,
  payoutStatusLabels,
  sellOfferStatusLabels,
  type CardRequest,
  type ListedCard,
  type SaleRow,
  type SellOffer,
} from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { cardRequestStatusStyles, sellOfferStatusStyles, StatusHistory } from '#web/components/marketplace-status.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useCancelCardRequest } from './api/cancel-card-request.ts';
import { useMyCardRequests } from './api/get-my-card-requests.ts';
import { useMySales } from './api/get-my-sales.ts';
import { useMySellOffers } from './api/get-my-sell-offers.ts';
import { useMyListingOffers } from './api/get-my-listing-offers.ts';
import { useAnswerListingOffer } from './api/answer-listing-offer.ts';
import { ListingOfferCard, type ListingOfferAction } from '#web/components/listing-offer-card.tsx';
import { useRespondSellOffer } from './api/respond-sell-offer.ts';
import { listingGrade, listingTitle } from './listing-tile.tsx';
import { NewCardRequestDialog, NewSellOfferDialog } from './offer-dialogs.tsx';

const tabs = ['bought', 'sold', 'offers', 'sells', 'requests'] as const;
type Tab = (typeof tabs)[number];
const tabLabels: Record<Tab, string> = { bought: 'Bought', sold: 'Sold', offers: 'Offers', sells: 'Offers to the house', requests: 'Card requests' };

function CardCell({ card, link }: { card: ListedCard; link?: boolean }) {
  return (
    <div className="min-w-0">
      {link ? (
        <Link href={`/registry/${card.id}`} className="font-medium underline-offset-4 hover:underline">
          {listingTitle(card)}
        </Link>
      ) : (
        <span className="font-medium">{listingTitle(card)}</span>
      )}
      <p className="text-xs text-muted-foreground">{listingGrade(card)}</p>
    </div>
  );
}

const boughtColumns: Column<SaleRow>[] = [
  { id: 'card', header: 'Card', cell: (s) => <CardCell card={s.card} link />, card: 'primary' },
  { id: 'date', header: 'Date', cell: (s) => formatDate(s.soldAt), card: 'aside' },
  {
    id: 'price',
    header: 'Price',
    cell: (s) => <Money cents={s.priceCents} />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  // What the buyer paid beyond the price (their own fee lines), never the seller's commission.
  {
    id: 'fees',
    header: 'Your fees',
    cell: (s) => <Money cents={Math.max(0, s.totalCents - s.priceCents)} />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  {
    id: 'total',
    header: 'Paid',
    cell: (s) => <Money cents={s.totalCents} className="font-medium" />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
];

const soldColumns: Column<SaleRow>[] = [
  { id: 'card', header: 'Card', cell: (s) => <CardCell card={s.card} />, card: 'primary' },
  { id: 'date', header: 'Date', cell: (s) => formatDate(s.soldAt), card: 'aside' },
  { id: 'buyer', header: 'Sold to', cell: (s) => (s.buyer.kind === 'house' ? 'The house' : 'A member'), card: 'field' },
  {
    id: 'price',
    header: 'Price',
    cell: (s) => <Money cents={s.priceCents} />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  { id: 'fees', header: 'Fees', cell: (s) => <Money cents={s.feesCents} />, card: 'field', className: 'text-right', headerClassName: 'text-right' },
  {
    id: 'proceeds',
    header: 'Your proceeds',
    cell: (s) => <Money cents={s.sellerProceedsCents} className="font-medium" />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  {
    id: 'payout',
    header: 'Payout',
    cell: (s) => (s.payoutStatus === 'paid' && s.payoutPaidAt ? `Paid ${formatDate(s.payoutPaidAt)}` : payoutStatusLabels[s.payoutStatus]),
    card: 'field',
  },
];

function SalesTab({ which }: { which: 'bought' | 'sold' }) {
  const query = useMySales();
  if (query.isPending) return <ListLoading label="Loading your sales" />;
  if (query.isError)
    return <ListError title="We couldn’t load your sales" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const rows = query.data[which];
  if (rows.length === 0)
    return which === 'bought' ? (
      <EmptyState
        title="No purchases yet"
        description="Cards you buy on the Private MarketPlace appear here and in your registry."
        action={
          <Button asChild variant="outline">
            <Link href="/secure">Browse the MarketPlace</Link>
          </Button>
        }
      />
    ) : (
      <EmptyState title="Nothing sold yet" description="Cards you sell on the MarketPlace or to the house appear here." />
    );
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(s) => s.id}
      columns={which === 'bought' ? boughtColumns : soldColumns}
      rowTestId={`sale-${which}`}
      cardTestId={`sale-${which}-card`}
    />
  );
}

function OfferItem({ offer }: { offer: SellOffer }) {
  const respond = useRespondSellOffer();
  const act = (action: 'accept_counter' | 'decline_counter' | 'withdraw', done: string) =>
    respond.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => toast({ title: done }),
        onError: (e) => toast({ variant: 'destructive', title: 'That did not go through', description: errorMessage(e, 'Please try again.') }),
      },
    );
  const open = offer.status === 'pending' || offer.status === 'countered';
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="sell-offer">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <CardCell card={offer.card} />
        <StatusBadge status={offer.status} map={sellOfferStatusStyles} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Your price</dt>
          <dd>
            <Money cents={offer.priceCents} />
          </dd>
        </div>
        {offer.counterPriceCents !== null && (
          <div>
            <dt className="text-xs text-muted-foreground">Our counter</dt>
            <dd className="font-medium">
              <Money cents={offer.counterPriceCents} />
            </dd>
          </div>
        )}
        {offer.finalPriceCents !== null && (
          <div>
            <dt className="text-xs text-muted-foreground">Agreed</dt>
            <dd className="font-medium">
              <Money cents={offer.finalPriceCents} />
            </dd>
          </div>
        )}
      </dl>
      {offer.adminNote && <p className="text-sm text-muted-foreground">“{offer.adminNote}”</p>}
      <StatusHistory entries={offer.history} labels={sellOfferStatusLabels} />
      {open && (
        <div className="flex flex-wrap gap-2">
          {offer.status === 'countered' && (
            <>
              <Button size="sm" disabled={respond.isPending} onClick={() => act('accept_counter', 'Counter accepted')}>
                Accept counter
              </Button>
              <Button size="sm" variant="outline" disabled={respond.isPending} onClick={() => act('decline_counter', 'Counter declined')}>
                Decline counter
              </Button>
            </>
          )}
          <Button size="sm" variant="ghost" disabled={respond.isPending} onClick={() => act('withdraw', 'Offer withdrawn')}>
            Withdraw offer
          </Button>
        </div>
      )}
    </li>
  );
}

function SellOffersTab() {
  const query = useMySellOffers();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" /> New offer
    </Button>
  );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Offer a card from your registry to the house at your price.</p>
        {newButton}
      </div>
      {query.isPending ? (
        <ListLoading label="Loading your offers" />
      ) : query.isError ? (
        <ListError title="We couldn’t load your offers" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.offers.length === 0 ? (
        <EmptyState title="No offers yet" description="When you offer a card to the house, its status and any counter offer show here." />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {query.data.offers.map((o) => (
            <OfferItem key={o.id} offer={o} />
          ))}
        </ul>
      )}
      <NewSellOfferDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function ListingOffersTab() {
  const query = useMyListingOffers();
  const answer = useAnswerListingOffer();
  const onAnswer = (id: string) => (a: ListingOfferAction) => answer.mutateAsync({ id, ...a });
  if (query.isPending) return <ListLoading label="Loading your offers" />;
  if (query.isError)
    return <ListError title="We couldn’t load your offers" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { made, received } = query.data;
  return (
    <div className="grid gap-8">
      <section aria-labelledby="offers-received-heading" className="grid gap-3">
        <h2 id="offers-received-heading" className="font-display text-xl font-medium">
          Received
        </h2>
        {received.length === 0 ? (
          <EmptyState
            title="No offers on your listings"
            description="When a member offers on one of your listings, you accept, decline or counter it here."
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="offers-received">
            {received.map((o) => (
              <ListingOfferCard key={o.id} offer={o} side="seller" onAnswer={onAnswer(o.id)} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="offers-made-heading" className="grid gap-3">
        <h2 id="offers-made-heading" className="font-display text-xl font-medium">
          Made
        </h2>
        {made.length === 0 ? (
          <EmptyState
            title="No offers made"
            description="Make an offer below the asking price from a listing’s page on the Private MarketPlace."
            action={
              <Button asChild variant="outline">
                <Link href="/secure">Browse the MarketPlace</Link>
              </Button>
            }
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="offers-made">
            {made.map((o) => (
              <ListingOfferCard key={o.id} offer={o} side="buyer" onAnswer={onAnswer(o.id)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RequestItem({ request }: { request: CardRequest }) {
  const cancel = useCancelCardRequest();
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="card-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <CardCell card={request.card} link />
        <StatusBadge status={request.status} map={cardRequestStatusStyles} />
      </div>
      <p className="text-sm">
        {cardRequestKindLabels[request.kind]}
        {request.askingPriceCents !== null && (
          <>
            {' at '}
            <Money cents={request.askingPriceCents} />
          </>
        )}
      </p>
      {request.listingId && (
        <Link href={`/secure/${request.listingId}`} className="text-sm underline underline-offset-4">
          View the listing
        </Link>
      )}
      {request.adminNote && <p className="text-sm text-muted-foreground">“{request.adminNote}”</p>}
      <StatusHistory entries={request.history} labels={cardRequestStatusLabels} />
      {request.status === 'pending' && (
        <Button
          size="sm"
          variant="ghost"
          className="justify-self-start"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(request.id, {
              onSuccess: () => toast({ title: 'Request cancelled' }),
              onError: (e) =>
                toast({ variant: 'destructive', title: 'The request could not be cancelled', description: errorMessage(e, 'Please try again.') }),
            })
          }
        >
          Cancel request
        </Button>
      )}
    </li>
  );
}

function RequestsTab() {
  const query = useMyCardRequests();
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Ask us to list one of your cards at your price, or to keep it in the vault.</p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> New request
        </Button>
      </div>
      {query.isPending ? (
        <ListLoading label="Loading your card requests" />
      ) : query.isError ? (
        <ListError title="We couldn’t load your card requests" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.requests.length === 0 ? (
        <EmptyState title="No card requests yet" description="Requests to list a card or to store it in the vault show here with their progress." />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {query.data.requests.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
      <NewCardRequestDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

export default function SalesPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'bought';
  const choose = (t: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === 'bought') next.delete('tab');
        else next.set('tab', t);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Private MarketPlace"
        title="Sales"
        description="What you bought and sold, offers on listings, your offers to the house and your card requests."
      />
      <Tabs value={tab} onValueChange={choose} className="min-w-0">
        {/* On a phone the tabs scroll sideways in one row rather than wrap onto two. */}
        <TabsList data-testid="sales-tabs" className="flex w-full max-w-full justify-start overflow-x-auto sm:w-fit">
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t} className="shrink-0">
              {tabLabels[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="bought" className="mt-4">
          <SalesTab which="bought" />
        </TabsContent>
        <TabsContent value="sold" className="mt-4">
          <SalesTab which="sold" />
        </TabsContent>
        <TabsContent value="offers" className="mt-4">
          <ListingOffersTab />
        </TabsContent>
        <TabsContent value="sells" className="mt-4">
          <SellOffersTab />
        </TabsContent>
        <TabsContent value="requests" className="mt-4">
          <RequestsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
