import { useId, useState, type FormEvent } from 'react';
import { huntTitle, huntMessages, type BoardHunt } from '#common/hunts.ts';
import { formatCents } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreateSource } from './api/create-source.ts';
import { useMyCards } from './api/get-my-cards.ts';

const BY_HAND = '__hand';
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** "I have this card": one of the member's registry cards (or one described by hand), a price and a note. */
export function OfferDialog({ hunt, onOpenChange }: { hunt: BoardHunt | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const cards = useMyCards(!!hunt);
  const create = useCreateSource();
  const [cardId, setCardId] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const usable = (cards.data?.cards ?? []).filter((c) => c.custody !== 'in_transit');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!hunt) return;
    const cents = parseDollarsToCents(price, { allowZero: false });
    const next: Record<string, string> = {};
    const byHand = cardId === BY_HAND;
    if (!cardId) next.card = huntMessages.cardOrDescription;
    if (byHand && !description.trim()) next.description = 'Describe the card';
    if (cents === null) next.price = huntMessages.price;
    setErrors(next);
    if (Object.keys(next).length || cents === null) return;
    try {
      await create.mutateAsync({
        huntId: hunt.id,
        cardId: byHand ? null : cardId,
        description: byHand ? description.trim() : null,
        askingPriceCents: cents,
        note: note.trim() || null,
      });
      toast({ title: 'Offer sent', description: `Your offer at ${formatCents(cents)} is waiting for the team's review.` });
      onOpenChange(false);
      setCardId('');
      setDescription('');
      setPrice('');
      setNote('');
    } catch (err) {
      setErrors({ form: errorMessage(err, 'The offer could not be sent.') });
    }
  }

  const err = (k: string) =>
    errors[k] ? (
      <p id={`${id}-${k}-err`} className="text-sm text-destructive">
        {errors[k]}
      </p>
    ) : null;

  return (
    <Dialog open={!!hunt} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>I have this card</DialogTitle>
          <DialogDescription>{hunt ? huntTitle(hunt) : ''}. The team reviews your offer, then puts you in touch.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-card`}>Card</Label>
            <select id={`${id}-card`} className={selectClass} value={cardId} onChange={(e) => setCardId(e.target.value)} aria-invalid={!!errors.card}>
              <option value="">Choose a card…</option>
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {[c.year, c.brand, c.subject, c.grader === 'raw' ? 'Raw' : `${c.grader} ${c.grade ?? ''}`].join(' ')}
                </option>
              ))}
              <option value={BY_HAND}>A card not in my registry…</option>
            </select>
            {err('card')}
          </div>
          {cardId === BY_HAND && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-desc`}>Describe the card</Label>
              <Input
                id={`${id}-desc`}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={200}
                aria-invalid={!!errors.description}
              />
              {err('description')}
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-price`}>Asking price (USD)</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              placeholder="4,500"
              aria-invalid={!!errors.price}
            />
            {err('price')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note (optional)</Label>
            <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} />
          </div>
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
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
