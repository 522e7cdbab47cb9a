import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Clock, ShoppingBag } from 'lucide-react';
import type { ListingDetail } from '#common/marketplace.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCountdown } from '#web/hooks/use-countdown.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCancelReservation } from './api/cancel-reservation.ts';
import { useReserveListing } from './api/reserve-listing.ts';

/** "14:59" from seconds. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function Countdown({ until, onLapse, label }: { until: string; onLapse: () => void; label: string }) {
  const left = useCountdown(Date.parse(until));
  useEffect(() => {
    if (left === 0) onLapse();
  }, [left, onLapse]);
  return (
    <p className="flex items-center gap-2 text-sm">
      <Clock className="size-4 text-warning" aria-hidden="true" />
      <span>
        {label}{' '}
        <span className="tabular font-semibold" data-testid="reservation-countdown" role="timer" aria-live="off">
          {clock(left)}
        </span>
      </span>
    </p>
  );
}

/** Buy, the hold (the marketplace settings' minutes) explained, the countdown once reserved, and cancelling the hold. */
export function BuyPanel({ listing, onChanged }: { listing: ListingDetail; onChanged: () => void }) {
  const [, navigate] = useLocation();
  const reserve = useReserveListing();
  const cancel = useCancelReservation();
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);

  const buy = () => {
    setProblem(null);
    reserve.mutate(listing.id, {
      onSuccess: (r) => navigate(r.checkoutPath),
      onError: (e) => setProblem(errorMessage(e, 'The card could not be reserved. Please try again.')),
    });
  };
  const release = () =>
    cancel.mutate(listing.id, {
      onSuccess: () => {
        setCancelling(false);
        toast({ title: 'Reservation cancelled', description: 'The card is back on the MarketPlace.' });
      },
      onError: (e) => {
        setCancelling(false);
        toast({ variant: 'destructive', title: 'The reservation could not be cancelled', description: errorMessage(e, 'Please try again.') });
      },
    });

  if (listing.boughtByMe) {
    return (
      <p className="rounded-lg bg-muted p-3 text-sm" role="status">
        You bought this card. It is in your registry:{' '}
        <Link href={`/registry/${listing.cardId}`} className="font-medium underline underline-offset-4">
          see your card
        </Link>
        .
      </p>
    );
  }
  if (listing.isMine) {
    return <p className="rounded-lg bg-muted p-3 text-sm">This is your listing. Members see it on the Private MarketPlace.</p>;
  }
  if (listing.status === 'sold') {
    return (
      <p className="rounded-lg bg-muted p-3 text-sm font-medium" role="status">
        This card has been sold.
      </p>
    );
  }
  if (listing.status === 'withdrawn') {
    return (
      <p className="rounded-lg bg-muted p-3 text-sm" role="status">
        This listing has been withdrawn.
      </p>
    );
  }
  if (listing.reservation) {
    return (
      <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-testid="my-reservation">
        <p className="text-sm font-medium">Reserved for you. Pay before the hold ends to make it yours.</p>
        <Countdown until={listing.reservation.reservedUntil} onLapse={onChanged} label="Time left:" />
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href={listing.reservation.checkoutPath}>
              <ShoppingBag aria-hidden="true" />
              Continue to checkout
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setCancelling(true)}>
            Cancel reservation
          </Button>
        </div>
        <ConfirmDialog
          open={cancelling}
          onClose={() => setCancelling(false)}
          onConfirm={release}
          pending={cancel.isPending}
          title="Cancel your reservation?"
          description="The card goes back on the MarketPlace and any member can buy it."
          confirmLabel="Cancel reservation"
          destructive
        />
      </div>
    );
  }
  if (listing.status === 'reserved') {
    return (
      <div className="grid gap-2 rounded-xl border bg-muted/50 p-4" role="status">
        <p className="text-sm font-medium">Reserved by another member.</p>
        {listing.reservedUntil && <Countdown until={listing.reservedUntil} onLapse={onChanged} label="Back on the MarketPlace if unpaid in" />}
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <Button size="lg" variant="crimson" className="w-full sm:w-auto sm:justify-self-start" onClick={buy} disabled={reserve.isPending}>
        {reserve.isPending ? <Spinner size="sm" label="Reserving" /> : <ShoppingBag aria-hidden="true" />}
        Buy
      </Button>
      <p className="text-sm text-muted-foreground" id="hold-explained">
        Buy holds this card for you alone for {listing.reservationMinutes} minutes while you pay at checkout. If payment is not completed in time, the
        hold ends and the card returns to the MarketPlace. You can cancel the hold at any time before paying.
      </p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      )}
    </div>
  );
}
