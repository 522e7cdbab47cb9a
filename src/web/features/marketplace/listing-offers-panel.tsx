import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatCents } from '#common/format.ts';
import { MARKET_NOTE_MAX, type ListingDetail } from '#common/marketplace.ts';
import { ListingOfferCard, offerAmountSchema, type ListingOfferAction } from '#web/components/listing-offer-card.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { centsToDollarText } from '#web/lib/dollars.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';
import { useAnswerListingOffer } from './api/answer-listing-offer.ts';
import { useListingOffers } from './api/get-listing-offers.ts';
import { useMakeListingOffer } from './api/make-listing-offer.ts';
import { useSetMinOffer } from './api/set-min-offer.ts';

const offerSchema = z.object({
  amount: offerAmountSchema,
  message: z.string().trim().max(MARKET_NOTE_MAX, `At most ${MARKET_NOTE_MAX} characters`),
});
type OfferInput = z.input<typeof offerSchema>;
type OfferOutput = z.output<typeof offerSchema>;

function MakeOfferForm({ listing, minOfferCents }: { listing: ListingDetail; minOfferCents: number | null }) {
  const make = useMakeListingOffer();
  const form = useForm<OfferInput, unknown, OfferOutput>({ resolver: zodResolver(offerSchema), defaultValues: { amount: '', message: '' } });
  const submit = form.handleSubmit(async ({ amount, message }) => {
    if (amount >= listing.priceCents) {
      form.setError('amount', { message: 'An offer must be below the asking price' });
      return;
    }
    try {
      await make.mutateAsync({ listingId: listing.id, amountCents: amount, message: message || null });
      toast({ title: 'Offer sent', description: 'The seller can accept, decline or counter it. We will let you know.' });
      form.reset();
    } catch (err) {
      if (!placeServerFieldErrors(form.setError, err, renamed<OfferInput>({ amountCents: 'amount', message: 'message' })))
        form.setError('root', { message: errorMessage(err, 'The offer could not be sent. Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 rounded-xl border p-4" aria-labelledby="make-offer-heading" data-testid="make-offer">
      <h2 id="make-offer-heading" className="font-display text-xl font-medium">
        Make an offer
      </h2>
      <p className="text-sm text-muted-foreground">
        Offer less than the asking price of {formatCents(listing.priceCents)}
        {minOfferCents !== null ? `; the seller takes offers from ${formatCents(minOfferCents)}` : ''}. Offers stay open for a week unless the seller
        answers.
      </p>
      <FormField control={form.control} name="amount" label="Your offer ($)">
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={centsToDollarText(Math.round(listing.priceCents * 0.9))}
          {...form.register('amount')}
        />
      </FormField>
      <FormField control={form.control} name="message" label="Message to the seller (optional)">
        <Textarea rows={2} maxLength={MARKET_NOTE_MAX} {...form.register('message')} />
      </FormField>
      {form.formState.errors.root?.message && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.formState.errors.root.message}
        </p>
      )}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={make.isPending}>
        {make.isPending && <Spinner size="sm" label="Sending" />}
        Send offer
      </Button>
    </form>
  );
}

const minSchema = z.object({ amount: z.string() });

function MinOfferForm({ listingId, minOfferCents }: { listingId: string; minOfferCents: number | null }) {
  const save = useSetMinOffer();
  const form = useForm<z.infer<typeof minSchema>>({
    resolver: zodResolver(minSchema),
    values: { amount: minOfferCents !== null ? centsToDollarText(minOfferCents) : '' },
  });
  const submit = form.handleSubmit(async ({ amount }) => {
    let cents: number | null = null;
    if (amount.trim()) {
      const r = offerAmountSchema.safeParse(amount);
      if (!r.success) {
        form.setError('amount', { message: r.error.issues[0]?.message ?? 'Enter an amount' });
        return;
      }
      cents = r.data;
    }
    try {
      await save.mutateAsync({ listingId, minOfferCents: cents });
      toast({ title: cents === null ? 'Minimum offer removed' : `Offers from ${formatCents(cents)} only` });
    } catch (err) {
      if (!placeServerFieldErrors(form.setError, err, renamed<z.infer<typeof minSchema>>({ minOfferCents: 'amount' })))
        form.setError('amount', { message: errorMessage(err, 'The minimum could not be saved.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <FormField control={form.control} name="amount" label="Minimum offer ($, optional)" className="min-w-0 flex-1">
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </FormField>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" label="Saving" />}
        Save minimum
      </Button>
    </form>
  );
}

/**
 * Offers on the listing page: the seller (or an admin for a house listing) sees and answers every
 * offer; a member sees their own offer's status and, on an active listing without one open, the
 * "Make an offer" form.
 */
export function ListingOffersPanel({ listing, readOnly }: { listing: ListingDetail; readOnly: boolean }) {
  const query = useListingOffers(listing.id, !listing.boughtByMe);
  const answer = useAnswerListingOffer();
  if (listing.boughtByMe) return null;
  if (query.isPending) return <ListLoading label="Loading offers" />;
  if (query.isError)
    return <ListError title="We couldn’t load the offers" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { offers, canAnswer, minOfferCents } = query.data;
  const onAnswer = (id: string) => (a: ListingOfferAction) => answer.mutateAsync({ id, ...a });
  const open = (listing.status === 'active' || listing.status === 'reserved') && !readOnly;

  if (canAnswer) {
    return (
      <section aria-labelledby="offers-heading" className="grid gap-3">
        <h2 id="offers-heading" className="font-display text-xl font-medium">
          Offers
        </h2>
        {open && <MinOfferForm listingId={listing.id} minOfferCents={minOfferCents} />}
        {offers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No offers yet. Members can offer below your asking price.</p>
        ) : (
          <ul className="grid gap-3">
            {offers.map((o) => (
              <ListingOfferCard key={o.id} offer={o} side="seller" showCard={false} onAnswer={onAnswer(o.id)} />
            ))}
          </ul>
        )}
      </section>
    );
  }
  if (listing.isMine) return null;
  const waiting = offers.some((o) => o.status === 'open' || o.status === 'countered');
  return (
    <div className="grid gap-3">
      {offers.length > 0 && (
        <section aria-labelledby="my-offers-heading" className="grid gap-3">
          <h2 id="my-offers-heading" className="font-display text-xl font-medium">
            Your offers
          </h2>
          <ul className="grid gap-3">
            {offers.map((o) => (
              <ListingOfferCard key={o.id} offer={o} side="buyer" showCard={false} onAnswer={onAnswer(o.id)} />
            ))}
          </ul>
        </section>
      )}
      {listing.status === 'active' && !waiting && !readOnly && <MakeOfferForm listing={listing} minOfferCents={minOfferCents} />}
    </div>
  );
}
