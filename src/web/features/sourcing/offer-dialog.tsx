import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { huntTitle, huntMessages, type BoardHunt } from '#common/hunts.ts';
import { formatCents } from '#common/format.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCreateSource } from './api/create-source.ts';
import { useMyCards } from './api/get-my-cards.ts';

const BY_HAND = '__hand';
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

interface OfferValues {
  card: string;
  description: string;
  price: string;
  note: string;
}
const empty: OfferValues = { card: '', description: '', price: '', note: '' };
const askingCents = (price: string) => parseDollarsToCents(price, { allowZero: false });

/** "I have this card": one of the member's registry cards (or one described by hand), a price and a note. */
export function OfferDialog({ hunt, onOpenChange }: { hunt: BoardHunt | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const cards = useMyCards(!!hunt);
  const create = useCreateSource();
  const form = useForm<OfferValues>({ defaultValues: empty });
  const { control, register } = form;
  const byHand = form.watch('card') === BY_HAND;
  const usable = (cards.data?.cards ?? []).filter((c) => c.custody !== 'in_transit');

  const submit = form.handleSubmit(async (v) => {
    if (!hunt) return;
    const cents = askingCents(v.price)!;
    const hand = v.card === BY_HAND;
    try {
      await create.mutateAsync({
        huntId: hunt.id,
        cardId: hand ? null : v.card,
        description: hand ? v.description.trim() : null,
        askingPriceCents: cents,
        note: v.note.trim() || null,
      });
      toast({ title: 'Offer sent', description: `Your offer at ${formatCents(cents)} is waiting for the team's review.` });
      onOpenChange(false);
      form.reset(empty);
    } catch (err) {
      const placed = applyServerFieldErrors(form, err, { cardId: 'card', description: 'description', askingPriceCents: 'price', note: 'note' });
      if (!placed) form.setError('root', { message: errorMessage(err, 'The offer could not be sent.') });
    }
  });

  return (
    <Dialog open={!!hunt} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>I have this card</DialogTitle>
          <DialogDescription>{hunt ? huntTitle(hunt) : ''}. The team reviews your offer, then puts you in touch.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <FormField control={control} name="card" label="Card" id={`${id}-card`} className="gap-1.5">
            <select className={selectClass} {...register('card', { required: huntMessages.cardOrDescription })}>
              <option value="">Choose a card…</option>
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {[c.year, c.brand, c.subject, c.grader === 'raw' ? 'Raw' : `${c.grader} ${c.grade ?? ''}`].join(' ')}
                </option>
              ))}
              <option value={BY_HAND}>A card not in my registry…</option>
            </select>
          </FormField>
          {byHand && (
            <FormField control={control} name="description" label="Describe the card" id={`${id}-desc`} className="gap-1.5">
              <Input
                maxLength={200}
                {...register('description', { validate: (t, all) => all.card !== BY_HAND || !!t.trim() || 'Describe the card' })}
              />
            </FormField>
          )}
          <FormField control={control} name="price" label="Asking price (USD)" id={`${id}-price`} className="gap-1.5">
            <Input
              inputMode="decimal"
              placeholder="4,500"
              {...register('price', { validate: (t) => askingCents(t) !== null || huntMessages.price })}
            />
          </FormField>
          <FormField control={control} name="note" label="Note (optional)" id={`${id}-note`} className="gap-1.5">
            <Textarea maxLength={500} rows={3} {...register('note')} />
          </FormField>
          {form.formState.errors.root?.message && (
            <p role="alert" className="text-sm text-destructive">
              {form.formState.errors.root.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={create.isPending}>
              {create.isPending ? 'Sending…' : 'Send offer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
