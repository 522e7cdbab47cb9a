import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { fundMessages } from '#common/funds.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';
import { useAddHolding } from './api/add-holding.ts';
import { useCandidateCards, type CandidateCard } from './api/get-candidate-cards.ts';
import { todayUtc } from './labels.ts';

const cardName = (c: Pick<CandidateCard, 'year' | 'brand' | 'subject'>) => `${c.year} ${c.brand} ${c.subject}`;

interface Values {
  cardId: string;
  /** Dollars, e.g. "12,500". */
  cost: string;
  day: string;
  note: string;
}
const emptyValues = (): Values => ({ cardId: '', cost: '', day: todayUtc(), note: '' });

/** Picks a vaulted card, its cost and date, then asks once more before the cost leaves the fund's cash. */
export function AddHoldingDialog({ fundId, cashCents, open, onClose }: { fundId: string; cashCents: number; open: boolean; onClose: () => void }) {
  const ids = useId();
  const add = useAddHolding();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const candidates = useCandidateCards(fundId, q, open);
  const [card, setCard] = useState<CandidateCard | null>(null);
  const form = useForm<Values>({ defaultValues: emptyValues() });
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  useEffect(() => {
    if (open) {
      setSearch('');
      setCard(null);
      form.reset(emptyValues());
      setStep('form');
    }
  }, [open, form]);

  const costCents = parseDollarsToCents(form.watch('cost'));
  const review = form.handleSubmit((v) => {
    let ok = true;
    const problem = (name: 'cardId' | 'cost' | 'day', message: string) => {
      form.setError(name, { message }, { shouldFocus: ok });
      ok = false;
    };
    if (!card) problem('cardId', 'Choose a card');
    if (costCents === null || costCents <= 0) problem('cost', fundMessages.amountPositive);
    else if (costCents > cashCents) problem('cost', fundMessages.cashShort(formatCents(cashCents)));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.day)) problem('day', fundMessages.date);
    if (ok) setStep('confirm');
  });
  const confirm = () => {
    if (!card || costCents === null) return;
    const { day, note } = form.getValues();
    add.mutate(
      { id: fundId, input: { cardId: card.cardId, costBasisCents: costCents, acquiredOn: day, note: note.trim() || undefined } },
      {
        onSuccess: () => {
          toast({ title: 'Card added to the fund', description: cardName(card) });
          onClose();
        },
        onError: (err) => {
          // Back to the form, as typed, with the server's reasons beside their fields.
          setStep('form');
          const placed = placeServerFieldErrors(
            form.setError,
            err,
            renamed<Values>({ costBasisCents: 'cost', acquiredOn: 'day', cardId: 'cardId', note: 'note' }),
          );
          if (!placed) form.setError('root', { message: errorMessage(err, 'Please try again.') });
        },
      },
    );
  };

  const cardError = form.formState.errors.cardId?.message;

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !add.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{step === 'form' ? 'Add a card to the fund' : 'Buy this card into the fund?'}</DialogTitle>
          <DialogDescription>
            {step === 'form'
              ? `Vaulted cards that no fund or listing holds; house cards first. The fund has ${formatCents(cashCents)} in cash.`
              : fundMessages.confirmBuy}
          </DialogDescription>
        </DialogHeader>
        {step === 'form' ? (
          <form noValidate onSubmit={review} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-search`}>Find a card</Label>
              <Input
                id={`${ids}-search`}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Player, set, year or cert"
              />
              <fieldset className="grid gap-1" {...(cardError ? { 'aria-invalid': true, 'aria-describedby': `${ids}-card-error` } : {})}>
                <legend className="sr-only">Card</legend>
                {candidates.isPending ? (
                  <p className="text-sm text-muted-foreground" role="status">
                    Loading cards…
                  </p>
                ) : candidates.isError ? (
                  <p className="text-sm text-destructive">{errorMessage(candidates.error, 'The cards could not be loaded.')}</p>
                ) : candidates.data.cards.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No vaulted card matches.</p>
                ) : (
                  <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1" data-testid="candidate-cards">
                    {candidates.data.cards.map((c) => (
                      <li key={c.cardId}>
                        <label className="flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-muted has-[:checked]:bg-muted">
                          <input
                            type="radio"
                            value={c.cardId}
                            {...form.register('cardId', {
                              onChange: () => {
                                setCard(c);
                                if (!form.getValues('cost')) form.setValue('cost', String(c.estimatedValueCents / 100));
                              },
                            })}
                          />
                          <span className="min-w-0 flex-1">
                            <span className="block truncate font-medium">{cardName(c)}</span>
                            <span className="block text-xs text-muted-foreground">
                              {c.grader} {c.grade ?? ''} · {c.fromHouse ? 'house vault' : `owned by ${c.ownerName ?? 'a member'}`}
                            </span>
                          </span>
                          <span className="tabular text-xs">{formatCents(c.estimatedValueCents, 0)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
              {cardError && (
                <p id={`${ids}-card-error`} role="alert" className="text-sm text-destructive">
                  {cardError}
                </p>
              )}
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField control={form.control} name="cost" label="Cost basis (USD)" id={`${ids}-cost`}>
                <Input inputMode="decimal" className="tabular" {...form.register('cost')} />
              </FormField>
              <FormField control={form.control} name="day" label="Acquired on" id={`${ids}-day`}>
                <Input type="date" max={todayUtc()} {...form.register('day')} />
              </FormField>
            </div>
            <FormField control={form.control} name="note" label="Note (optional)" id={`${ids}-note`}>
              <Textarea rows={2} maxLength={500} {...form.register('note')} />
            </FormField>
            {form.formState.errors.root && (
              <p role="alert" className="text-sm text-destructive">
                {form.formState.errors.root.message}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review</Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Card</dt>
              <dd className="font-medium">{card && cardName(card)}</dd>
              <dt className="text-muted-foreground">From</dt>
              <dd>{card?.fromHouse ? 'The house vault' : (card?.ownerName ?? 'A member')}</dd>
              <dt className="text-muted-foreground">Cost from the fund’s cash</dt>
              <dd className="tabular font-medium">{formatCents(costCents)}</dd>
              <dt className="text-muted-foreground">Cash afterwards</dt>
              <dd className="tabular">{formatCents(cashCents - (costCents ?? 0))}</dd>
            </dl>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('form')} disabled={add.isPending}>
                Back
              </Button>
              <Button type="button" variant="crimson" onClick={confirm} disabled={add.isPending}>
                {add.isPending && <Spinner size="sm" label="Adding" />}
                Buy into the fund
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
