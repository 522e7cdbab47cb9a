import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from 'wouter';
import { ShoppingBag } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { listingOfferStatusLabels, type ListingOffer, type ListingOfferStatus } from '#common/listing-offers.ts';
import { LISTING_PRICE_MAX_CENTS } from '#common/marketplace.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { StatusHistory } from '#web/components/marketplace-status.tsx';
import { Money } from '#web/components/money.tsx';
import { StatusBadge, statusMap } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { parseMoneyInput } from '#web/lib/amounts.ts';
import { formatDate } from '#web/lib/dates.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';

/** Shared by the listing page, the member's /sales and the admin's house offers, so all name a status alike. */
export const listingOfferStatusStyles = statusMap<ListingOfferStatus>(listingOfferStatusLabels, {
  open: 'warning',
  countered: 'warning',
  accepted: 'success',
  declined: 'muted',
  expired: 'muted',
  withdrawn: 'muted',
});

export type ListingOfferAction = { action: 'accept' | 'decline' | 'withdraw' } | { action: 'counter'; amountCents: number };

/** A typed dollar amount, as cents, for the offer and counter forms. */
export const offerAmountSchema = z.string().transform((text, ctx) => {
  const r = parseMoneyInput(text, { allowZero: false, maxCents: LISTING_PRICE_MAX_CENTS });
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }
  return r.cents;
});

const counterSchema = z.object({ amount: offerAmountSchema });
type CounterInput = z.input<typeof counterSchema>;
type CounterOutput = z.output<typeof counterSchema>;

function CounterDialog({
  offer,
  open,
  onClose,
  onCounter,
}: {
  offer: ListingOffer;
  open: boolean;
  onClose: () => void;
  onCounter: (amountCents: number) => Promise<unknown>;
}) {
  const form = useForm<CounterInput, unknown, CounterOutput>({ resolver: zodResolver(counterSchema), defaultValues: { amount: '' } });
  const close = () => {
    onClose();
    form.reset();
  };
  const submit = form.handleSubmit(async ({ amount }) => {
    try {
      await onCounter(amount);
      toast({ title: 'Counter sent', description: `The buyer can accept or decline ${formatCents(amount)}.` });
      close();
    } catch (err) {
      if (!placeServerFieldErrors(form.setError, err, renamed<CounterInput>({ amountCents: 'amount' })))
        form.setError('root', { message: errorMessage(err, 'The counter could not be sent. Please try again.') });
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !form.formState.isSubmitting && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Counter this offer</DialogTitle>
          <DialogDescription>
            You can counter once, between the offer of {formatCents(offer.amountCents)} and your asking price of{' '}
            {formatCents(offer.listing.priceCents)}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField control={form.control} name="amount" label="Your counter ($)">
            <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
          </FormField>
          {form.formState.errors.root?.message && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {form.formState.errors.root.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={form.formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner size="sm" label="Sending" />}
              Send counter
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type Confirmable = 'accept' | 'decline' | 'withdraw';

/** What each confirm dialog says, from the side of the one acting. */
function confirmText(offer: ListingOffer, action: Confirmable, side: 'buyer' | 'seller') {
  const price = formatCents(offer.status === 'countered' ? (offer.counterCents ?? offer.amountCents) : offer.amountCents);
  if (action === 'withdraw')
    return {
      title: 'Withdraw your offer?',
      description: `Your offer of ${price} is taken back. You can make a new one later.`,
      label: 'Withdraw offer',
    };
  if (action === 'decline')
    return side === 'seller'
      ? { title: 'Decline this offer?', description: `The buyer is told you declined ${price}.`, label: 'Decline offer' }
      : {
          title: 'Decline the counter?',
          description: `The seller's counter of ${price} is declined and your offer closes.`,
          label: 'Decline counter',
        };
  return side === 'seller'
    ? {
        title: 'Accept this offer?',
        description: `The card is reserved for the buyer at ${price} and they are sent the invoice. Every other open offer on it is declined.`,
        label: 'Accept offer',
      }
    : {
        title: 'Accept the counter?',
        description: `The card is reserved for you at ${price}. Pay the invoice at checkout before the hold ends.`,
        label: 'Accept counter',
      };
}

/**
 * One listing offer with the actions its viewer may take: the seller (or an admin for a house
 * listing) accepts, declines or counters an open offer; the buyer withdraws it, or answers a
 * counter. Every action asks first.
 */
export function ListingOfferCard({
  offer,
  side,
  onAnswer,
  showCard = true,
}: {
  offer: ListingOffer;
  side: 'buyer' | 'seller';
  onAnswer: (a: ListingOfferAction) => Promise<unknown>;
  showCard?: boolean;
}) {
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [countering, setCountering] = useState(false);
  const [pending, setPending] = useState(false);
  const card = offer.listing.card;
  const run = async (action: Confirmable) => {
    setPending(true);
    try {
      await onAnswer({ action });
      toast({ title: { accept: 'Offer accepted', decline: 'Offer declined', withdraw: 'Offer withdrawn' }[action] });
      setConfirming(null);
    } catch (err) {
      setConfirming(null);
      toast({ variant: 'destructive', title: 'That did not go through', description: errorMessage(err, 'Please try again.') });
    } finally {
      setPending(false);
    }
  };
  const isOpen = offer.status === 'open';
  const isCountered = offer.status === 'countered';
  const text = confirming ? confirmText(offer, confirming, side) : null;
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="listing-offer">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {showCard ? (
            <Link href={`/secure/${offer.listingId}`} className="font-medium underline-offset-4 hover:underline">
              {card.year} {card.brand} {card.subject}
            </Link>
          ) : (
            <span className="font-medium">{side === 'seller' ? (offer.buyer.name ?? 'A member') : 'Your offer'}</span>
          )}
          <p className="text-xs text-muted-foreground">
            {showCard && card.grade ? `${card.grader} ${card.grade} · ` : ''}
            {side === 'seller' && showCard ? `From ${offer.buyer.name ?? 'a member'} · ` : ''}
            {formatDate(offer.createdAt)}
          </p>
        </div>
        <StatusBadge status={offer.status} map={listingOfferStatusStyles} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Offer</dt>
          <dd>
            <Money cents={offer.amountCents} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Asking</dt>
          <dd>
            <Money cents={offer.listing.priceCents} />
          </dd>
        </div>
        {offer.counterCents !== null && (
          <div>
            <dt className="text-xs text-muted-foreground">Counter</dt>
            <dd className="font-medium">
              <Money cents={offer.counterCents} />
            </dd>
          </div>
        )}
        {offer.agreedCents !== null && (
          <div>
            <dt className="text-xs text-muted-foreground">Agreed</dt>
            <dd className="font-medium">
              <Money cents={offer.agreedCents} />
            </dd>
          </div>
        )}
        {(isOpen || isCountered) && (
          <div>
            <dt className="text-xs text-muted-foreground">Expires</dt>
            <dd>{formatDate(offer.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {/* The buyer's message is the first history entry's note. */}
      <StatusHistory entries={offer.history} labels={listingOfferStatusLabels} />
      {offer.checkoutPath && (
        <Button asChild size="sm" className="justify-self-start">
          <Link href={offer.checkoutPath}>
            <ShoppingBag aria-hidden="true" />
            Continue to checkout
          </Link>
        </Button>
      )}
      {((side === 'seller' && isOpen) || (side === 'buyer' && (isOpen || isCountered))) && (
        <div className="flex flex-wrap gap-2">
          {side === 'seller' && (
            <>
              <Button size="sm" disabled={pending} onClick={() => setConfirming('accept')}>
                Accept
              </Button>
              <Button size="sm" variant="outline" disabled={pending} onClick={() => setCountering(true)}>
                Counter
              </Button>
              <Button size="sm" variant="ghost" disabled={pending} onClick={() => setConfirming('decline')}>
                Decline
              </Button>
            </>
          )}
          {side === 'buyer' && isCountered && (
            <>
              <Button size="sm" disabled={pending} onClick={() => setConfirming('accept')}>
                Accept counter
              </Button>
              <Button size="sm" variant="outline" disabled={pending} onClick={() => setConfirming('decline')}>
                Decline counter
              </Button>
            </>
          )}
          {side === 'buyer' && isOpen && (
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => setConfirming('withdraw')}>
              Withdraw offer
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void run(confirming)}
        pending={pending}
        title={text?.title ?? ''}
        description={text?.description ?? ''}
        confirmLabel={text?.label ?? ''}
        destructive={confirming === 'decline' || confirming === 'withdraw'}
      />
      {side === 'seller' && (
        <CounterDialog
          offer={offer}
          open={countering}
          onClose={() => setCountering(false)}
          onCounter={(amountCents) => onAnswer({ action: 'counter', amountCents })}
        />
      )}
    </li>
  );
}
