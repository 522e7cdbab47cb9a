import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { cardHoldLabels, custodyLabels, type CardSummary } from '#common/cards.ts';
import { cardRequestKindLabels, cardRequestKinds, type CardRequestKind } from '#common/marketplace.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { priceProblem } from '#web/lib/dollars.ts';
import { useCreateCardRequest } from './api/create-card-request.ts';
import { useCreateSellOffer } from './api/create-sell-offer.ts';
import { useMyCards } from './api/get-my-cards.ts';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** A card that nothing else holds (no listing, loan, offer or pending request) and is not in transit. */
export const offerableCard = (c: Pick<CardSummary, 'custody' | 'hold'>) => !c.hold && c.custody !== 'in_transit';

/** The server's field errors placed beside their fields; anything else is shown as a toast. */
function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, err: unknown, fields: readonly Path<T>[], title: string) {
  const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[] | string> } | undefined)?.fieldErrors : undefined;
  let placed = false;
  for (const f of fields) {
    const m = fe?.[f];
    const text = Array.isArray(m) ? m[0] : m;
    if (typeof text === 'string') {
      form.setError(f, { message: text });
      placed = true;
    }
  }
  if (!placed) form.setError('root', { message: errorMessage(err, title) });
}

function CardPicker<T extends FieldValues & { cardId: string }>({
  form,
  cards,
  loading,
}: {
  form: UseFormReturn<T>;
  cards: CardSummary[];
  loading: boolean;
}) {
  return (
    <FormField control={form.control} name={'cardId' as Path<T>} label="Card from your registry">
      <select className={selectClass} disabled={loading} {...form.register('cardId' as Path<T>)}>
        <option value="">{loading ? 'Loading your cards…' : cards.length === 0 ? 'No cards in your registry' : 'Choose a card'}</option>
        {cards.map((c) => {
          const hold = c.hold;
          const free = offerableCard(c);
          return (
            <option key={c.id} value={c.id} disabled={!free}>
              {c.year} {c.brand} {c.subject}
              {c.grade ? ` · ${c.grader} ${c.grade}` : ''}
              {!free ? ` (${hold ? cardHoldLabels[hold] : custodyLabels[c.custody]})` : ''}
            </option>
          );
        })}
      </select>
    </FormField>
  );
}

function RootError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {message}
    </p>
  ) : null;
}

type OfferForm = { cardId: string; price: string; note: string };

/** Offer one of the member's cards to the house at a price. */
export function NewSellOfferDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const cards = useMyCards(open);
  const create = useCreateSellOffer();
  const form = useForm<OfferForm>({ defaultValues: { cardId: '', price: '', note: '' } });
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) form.reset();
  };
  const submit = form.handleSubmit(async (v) => {
    const p = priceProblem(v.price);
    if (!v.cardId) form.setError('cardId', { message: 'Choose a card' });
    if (p) form.setError('price', { message: p });
    if (!v.cardId || p) return;
    try {
      await create.mutateAsync({ cardId: v.cardId, priceCents: parseDollarsToCents(v.price)!, note: v.note.trim() || null });
      toast({ title: 'Offer sent', description: 'We will review your offer and reply here.' });
      close(false);
    } catch (err) {
      showServerErrors(form, err, ['cardId', 'price', 'note'], 'The offer could not be sent. Please try again.');
    }
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Offer a card to the house</DialogTitle>
          <DialogDescription>Name your price. We accept, decline or come back with a counter offer.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <CardPicker form={form} cards={cards.data?.cards ?? []} loading={cards.isPending} />
          <FormField control={form.control} name="price" label="Your price ($)">
            <Input inputMode="decimal" placeholder="2,500" {...form.register('price')} />
          </FormField>
          <FormField control={form.control} name="note" label="Note (optional)">
            <Textarea rows={3} maxLength={500} {...form.register('note')} />
          </FormField>
          <RootError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner size="sm" label="Sending" />}
              Send offer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type RequestForm = { cardId: string; kind: CardRequestKind; price: string; note: string };

/** Ask for one of the member's cards to be listed at an asking price, or taken into the vault. */
export function NewCardRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const cards = useMyCards(open);
  const create = useCreateCardRequest();
  const form = useForm<RequestForm>({ defaultValues: { cardId: '', kind: 'list', price: '', note: '' } });
  const kind = form.watch('kind');
  const cardId = form.watch('cardId');
  const chosen = cards.data?.cards.find((c) => c.id === cardId);
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) form.reset();
  };
  const submit = form.handleSubmit(async (v) => {
    const p = v.kind === 'list' ? priceProblem(v.price) : null;
    if (!v.cardId) form.setError('cardId', { message: 'Choose a card' });
    if (p) form.setError('price', { message: p });
    if (!v.cardId || p) return;
    try {
      await create.mutateAsync({
        cardId: v.cardId,
        kind: v.kind,
        askingPriceCents: v.kind === 'list' ? parseDollarsToCents(v.price)! : null,
        note: v.note.trim() || null,
      });
      toast({ title: 'Request sent', description: 'We will review it and arrange the pickup.' });
      close(false);
    } catch (err) {
      showServerErrors(form, err, ['cardId', 'price', 'note'], 'The request could not be sent. Please try again.');
    }
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New card request</DialogTitle>
          <DialogDescription>
            List a card on the Private MarketPlace, or have us keep it in the vault. Either way we collect it first.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <CardPicker form={form} cards={cards.data?.cards ?? []} loading={cards.isPending} />
          {chosen && (
            <p className="text-xs text-muted-foreground">
              Estimated value <Money cents={chosen.estimatedValueCents} decimals={0} /> · {custodyLabels[chosen.custody]}
            </p>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">What should we do?</legend>
            {cardRequestKinds.map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" value={k} className="size-4 accent-crimson" {...form.register('kind')} />
                {cardRequestKindLabels[k]}
              </label>
            ))}
          </fieldset>
          {kind === 'list' && (
            <FormField control={form.control} name="price" label="Asking price ($)">
              <Input inputMode="decimal" placeholder="2,500" {...form.register('price')} />
            </FormField>
          )}
          <FormField control={form.control} name="note" label="Note (optional)">
            <Textarea rows={3} maxLength={500} {...form.register('note')} />
          </FormField>
          <RootError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner size="sm" label="Sending" />}
              Send request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
