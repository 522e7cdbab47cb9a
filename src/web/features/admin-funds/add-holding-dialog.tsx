import { useEffect, useId, useState } from 'react';
import { formatCents } from '#common/format.ts';
import { fundMessages } from '#common/funds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents, serverFieldError } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useAddHolding } from './api/add-holding.ts';
import { useCandidateCards, type CandidateCard } from './api/get-candidate-cards.ts';
import { todayUtc } from './labels.ts';

const cardName = (c: Pick<CandidateCard, 'year' | 'brand' | 'subject'>) => `${c.year} ${c.brand} ${c.subject}`;

/** Picks a vaulted card, its cost and date, then asks once more before the cost leaves the fund's cash. */
export function AddHoldingDialog({ fundId, cashCents, open, onClose }: { fundId: string; cashCents: number; open: boolean; onClose: () => void }) {
  const ids = useId();
  const add = useAddHolding();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const candidates = useCandidateCards(fundId, q, open);
  const [card, setCard] = useState<CandidateCard | null>(null);
  const [cost, setCost] = useState('');
  const [day, setDay] = useState(todayUtc());
  const [note, setNote] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [errors, setErrors] = useState<{ card?: string; cost?: string; day?: string; form?: string }>({});
  useEffect(() => {
    if (open) {
      setSearch('');
      setCard(null);
      setCost('');
      setDay(todayUtc());
      setNote('');
      setStep('form');
      setErrors({});
    }
  }, [open]);

  const costCents = parseDollarsToCents(cost);
  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!card) next.card = 'Choose a card';
    if (costCents === null || costCents <= 0) next.cost = fundMessages.amountPositive;
    else if (costCents > cashCents) next.cost = fundMessages.cashShort(formatCents(cashCents));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) next.day = fundMessages.date;
    setErrors(next);
    if (Object.keys(next).length === 0) setStep('confirm');
  };
  const confirm = () => {
    if (!card || costCents === null) return;
    add.mutate(
      { id: fundId, input: { cardId: card.cardId, costBasisCents: costCents, acquiredOn: day, note: note.trim() || undefined } },
      {
        onSuccess: () => {
          toast({ title: 'Card added to the fund', description: cardName(card) });
          onClose();
        },
        onError: (err) => {
          const body = err instanceof ApiError ? err.body : undefined;
          setErrors({
            cost: serverFieldError(body, 'costBasisCents'),
            day: serverFieldError(body, 'acquiredOn'),
            card: serverFieldError(body, 'cardId'),
            form: errorMessage(err, 'Please try again.'),
          });
          setStep('form');
        },
      },
    );
  };

  const err = (k: keyof typeof errors) =>
    errors[k] ? (
      <p id={`${ids}-${k}-error`} role="alert" className="text-sm text-destructive">
        {errors[k]}
      </p>
    ) : null;
  const invalid = (k: keyof typeof errors) => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${k}-error` } : {});

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
              <fieldset className="grid gap-1" {...invalid('card')}>
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
                            name={`${ids}-card`}
                            checked={card?.cardId === c.cardId}
                            onChange={() => {
                              setCard(c);
                              if (!cost) setCost(String(c.estimatedValueCents / 100));
                            }}
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
              {err('card')}
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-cost`}>Cost basis (USD)</Label>
                <Input
                  id={`${ids}-cost`}
                  inputMode="decimal"
                  className="tabular"
                  value={cost}
                  onChange={(e) => setCost(e.target.value)}
                  {...invalid('cost')}
                />
                {err('cost')}
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-day`}>Acquired on</Label>
                <Input id={`${ids}-day`} type="date" max={todayUtc()} value={day} onChange={(e) => setDay(e.target.value)} {...invalid('day')} />
                {err('day')}
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-note`}>Note (optional)</Label>
              <Textarea id={`${ids}-note`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            {errors.form && !errors.cost && !errors.day && !errors.card && (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
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
