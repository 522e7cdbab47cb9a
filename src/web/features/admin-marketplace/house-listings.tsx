import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { formatDate } from '#web/lib/dates.ts';
import { listingStatusLabels, listingStatuses, PROMOTION_DAYS_MAX, type AdminListing, type ListingStatus } from '#common/marketplace.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { listingStatusStyles } from '#web/components/marketplace-status.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { centsToDollarText, priceProblem } from '#web/lib/dollars.ts';
import { useAdminListings, useCreateListing, useHouseCards, usePatchListing } from './api/listings.ts';
import { CardCell, cardLine, FilterSelect, gradeLine, selectClass } from './parts.tsx';

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** List a house card (owned by the house, in the vault, unheld) at a price, optionally featured. */
function NewListingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const cards = useHouseCards(open);
  const create = useCreateListing();
  const [cardId, setCardId] = useState('');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<{ card?: string; price?: string; days?: string; form?: string }>({});
  const close = () => {
    onClose();
    setCardId('');
    setPrice('');
    setDays('');
    setErrors({});
  };
  const submit = () => {
    const d = days.trim() ? Number(days) : null;
    const next = {
      card: cardId ? undefined : 'Choose a card',
      price: priceProblem(price) ?? undefined,
      days: d !== null && !(Number.isInteger(d) && d >= 1 && d <= PROMOTION_DAYS_MAX) ? `Choose between 1 and ${PROMOTION_DAYS_MAX} days` : undefined,
    };
    setErrors(next);
    if (next.card || next.price || next.days) return;
    create.mutate(
      { cardId, priceCents: parseDollarsToCents(price)!, featuredDays: d },
      {
        onSuccess: () => {
          toast({ title: 'Listed on the Private MarketPlace' });
          close();
        },
        onError: (e) => setErrors({ form: errorMessage(e, 'The card could not be listed. Please try again.') }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={submit}
      pending={create.isPending}
      title="List a house card"
      description="Cards the house owns that are in the vault and not otherwise held."
      confirmLabel="List card"
    >
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-card`}>Card</Label>
          <select
            id={`${id}-card`}
            className={`${selectClass} sm:w-full`}
            value={cardId}
            onChange={(e) => setCardId(e.target.value)}
            aria-invalid={errors.card ? true : undefined}
            aria-describedby={errors.card ? `${id}-card-error` : undefined}
          >
            <option value="">
              {cards.isPending ? 'Loading house cards…' : cards.data?.cards.length ? 'Choose a card' : 'No house cards free to list'}
            </option>
            {cards.data?.cards.map((c) => (
              <option key={c.id} value={c.id}>
                {cardLine(c)} · {gradeLine(c)}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-card-error`} message={errors.card ?? null} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-price`}>Price ($)</Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? `${id}-price-error` : undefined}
          />
          <FieldError id={`${id}-price-error`} message={errors.price ?? null} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-days`}>Feature for (days, optional)</Label>
          <Input
            id={`${id}-days`}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={errors.days ? `${id}-days-error` : undefined}
          />
          <FieldError id={`${id}-days-error`} message={errors.days ?? null} />
        </div>
        <FieldError id={`${id}-form-error`} message={errors.form ?? null} />
      </div>
    </ConfirmDialog>
  );
}

function RepriceDialog({ listing, onClose }: { listing: AdminListing | null; onClose: () => void }) {
  const id = useId();
  const patch = usePatchListing();
  const [price, setPrice] = useState('');
  const [shown, setShown] = useState<AdminListing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (listing !== shown) {
    setShown(listing);
    setPrice(listing ? centsToDollarText(listing.priceCents) : '');
    setProblem(null);
  }
  const submit = () => {
    if (!listing) return;
    const p = priceProblem(price);
    setProblem(p);
    if (p) return;
    patch.mutate(
      { id: listing.id, priceCents: parseDollarsToCents(price)! },
      {
        onSuccess: () => {
          toast({ title: 'Price changed' });
          onClose();
        },
        onError: (e) => setProblem(errorMessage(e, 'The price could not be changed. Please try again.')),
      },
    );
  };
  return (
    <ConfirmDialog
      open={!!listing}
      onClose={onClose}
      onConfirm={submit}
      pending={patch.isPending}
      title="Change the price"
      description={listing ? cardLine(listing.card) : ''}
      confirmLabel="Save price"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-price`}>Price ($)</Label>
        <Input
          id={`${id}-price`}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={problem} />
      </div>
    </ConfirmDialog>
  );
}

/** House listing management on /admin/cards: list a house card, change a price, withdraw. */
export function HouseListingsSection() {
  const [status, setStatus] = useState<ListingStatus | undefined>('active');
  const query = useAdminListings({ status });
  const patch = usePatchListing();
  const [creating, setCreating] = useState(false);
  const [repricing, setRepricing] = useState<AdminListing | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminListing | null>(null);
  const withdraw = () =>
    withdrawing &&
    patch.mutate(
      { id: withdrawing.id, status: 'withdrawn' },
      {
        onSuccess: () => {
          toast({ title: 'Listing withdrawn' });
          setWithdrawing(null);
        },
        onError: (e) => {
          toast({ variant: 'destructive', title: 'Could not withdraw', description: errorMessage(e, 'Please try again.') });
          setWithdrawing(null);
        },
      },
    );
  const columns: Column<AdminListing>[] = [
    {
      id: 'card',
      header: 'Card',
      cell: (l) => (
        <Link href={`/secure/${l.id}`} className="block underline-offset-4 hover:underline">
          <CardCell card={l.card} />
        </Link>
      ),
      card: 'primary',
    },
    { id: 'status', header: 'Status', cell: (l) => <StatusBadge status={l.status} map={listingStatusStyles} />, card: 'aside' },
    { id: 'seller', header: 'Seller', cell: (l) => (l.seller.kind === 'house' ? 'House' : (l.seller.name ?? 'Member')), card: 'field' },
    { id: 'price', header: 'Price', cell: (l) => <Money cents={l.priceCents} />, card: 'field' },
    {
      id: 'featured',
      header: 'Featured',
      cell: (l) => (l.featured && l.featuredUntil ? `Until ${formatDate(l.featuredUntil)}` : '—'),
      card: 'field',
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (l) =>
        l.status === 'active' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setRepricing(l)}>
              Change price
            </Button>
            <Button size="sm" variant="outline" onClick={() => setWithdrawing(l)}>
              Withdraw
            </Button>
          </div>
        ) : l.status === 'reserved' && l.reservedBy ? (
          <span className="text-xs text-muted-foreground">Reserved by {l.reservedBy.name ?? 'a member'}</span>
        ) : null,
      card: 'footer',
    },
  ];
  return (
    <section aria-labelledby="house-listings-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="house-listings-title" className="font-display text-xl font-medium">
            MarketPlace listings
          </h2>
          <p className="text-sm text-muted-foreground">List house inventory, change prices and withdraw listings.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect label="Status" value={status ?? ''} onChange={(v) => setStatus(v as ListingStatus | undefined)}>
            {listingStatuses.map((s) => (
              <option key={s} value={s}>
                {listingStatusLabels[s]}
              </option>
            ))}
            <option value="">Any status</option>
          </FilterSelect>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> List a house card
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <ListLoading label="Loading listings" />
      ) : query.isError ? (
        <ListError title="Listings could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.listings.length === 0 ? (
        <EmptyState title="No listings with this status" />
      ) : (
        <ResponsiveTable
          rows={query.data.listings}
          rowKey={(l) => l.id}
          columns={columns}
          rowTestId="admin-listing"
          cardTestId="admin-listing-card"
        />
      )}
      <NewListingDialog open={creating} onClose={() => setCreating(false)} />
      <RepriceDialog listing={repricing} onClose={() => setRepricing(null)} />
      <ConfirmDialog
        open={!!withdrawing}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => void withdraw()}
        pending={patch.isPending}
        destructive
        title="Withdraw this listing?"
        description={withdrawing ? `${cardLine(withdrawing.card)} leaves the Private MarketPlace.` : ''}
        confirmLabel="Withdraw"
      />
    </section>
  );
}
