import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Pin, TrendingUp } from 'lucide-react';
import { CARD_VALUE_MAX_CENTS, cardLockedMessages, type CardDetail, type CardMarket } from '#common/cards.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useFollowMarket, usePinEstimate } from './api/pin-estimate.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { centsToText } from './card-form-values.ts';
import { formatSaleDay } from './slab-tile.tsx';

const pinErrorText = 'Enter a dollar amount up to $100,000,000, like 12,500';

/** "Market value $X (as of date)", linked to the constituent whose sales it comes from. */
export function MarketLine({ market, className }: { market: CardMarket; className?: string }) {
  return (
    <p className={className}>
      Market value <Money cents={market.priceCents} decimals={0} className="font-medium text-foreground" /> (as of {formatSaleDay(market.observedOn)})
      {market.stale && <span className="text-warning"> · no sale for a while</span>}
    </p>
  );
}

function PinForm({ card, onDone }: { card: CardDetail; onDone: () => void }) {
  const id = useId();
  const pin = usePinEstimate();
  const form = useForm<{ amount: string }>({ defaultValues: { amount: centsToText(card.estimatedValueCents) } });

  const submit = form.handleSubmit(async ({ amount }) => {
    const cents = parseDollarsToCents(amount)!;
    try {
      await pin.mutateAsync({ id: card.id, estimatedValueCents: cents });
      toast({ title: 'Estimate pinned', description: 'Your registry counts this card at your estimate.' });
      onDone();
    } catch (err) {
      if (!applyServerFieldErrors(form, err, { estimatedValueCents: 'amount' }))
        form.setError('amount', { message: errorMessage(err, 'The estimate could not be saved. Please try again.') });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2 rounded-lg border bg-muted/40 p-3" aria-label="Pin your estimate" noValidate>
      <FormField control={form.control} name="amount" label="Your estimate (USD)" id={`${id}-amount`} describedBy={`${id}-help`}>
        {(props) => (
          <>
            <p id={`${id}-help`} className="text-xs text-muted-foreground">
              Your registry counts this card at this amount until you choose to follow the market again.
            </p>
            <div className="relative max-w-xs">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground" aria-hidden="true">
                $
              </span>
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                autoFocus
                className="tabular pl-7"
                {...form.register('amount', {
                  validate: (t) => {
                    const cents = parseDollarsToCents(t);
                    return (cents !== null && cents <= CARD_VALUE_MAX_CENTS) || pinErrorText;
                  },
                })}
              />
            </div>
          </>
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pin.isPending}>
          <Pin aria-hidden="true" />
          {pin.isPending ? 'Pinning…' : 'Pin estimate'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={pin.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The card's value on its page: the market value it follows (with the day of the last sale), or
 * the estimate its owner pinned, and the control to switch between them. A card no constituent
 * matches just shows its estimate.
 */
export function CardValuation({ card }: { card: CardDetail }) {
  const { valuation } = card;
  const market = valuation.market;
  const follow = useFollowMarket();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  if (!market) {
    return (
      <div>
        <p className="text-xs text-muted-foreground">Estimated value</p>
        <Money cents={card.estimatedValueCents} decimals={0} className="font-display text-2xl font-medium" />
      </div>
    );
  }

  const following = valuation.source === 'market';
  const followMarket = async () => {
    setProblem(null);
    try {
      await follow.mutateAsync({ id: card.id });
      toast({ title: 'Following the market', description: 'Your registry counts this card at its market value.' });
    } catch (err) {
      setProblem(errorMessage(err, 'The change could not be saved. Please try again.'));
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="card-valuation">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xs text-muted-foreground">
          {following ? 'Market value' : 'Your estimate'}
        </h2>
        <span className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
          {following ? <TrendingUp className="size-3.5" aria-hidden="true" /> : <Pin className="size-3.5" aria-hidden="true" />}
          {following ? 'Following the market' : 'Pinned'}
        </span>
      </div>
      <p data-testid="card-value">
        <Money cents={valuation.valueCents} decimals={0} className="font-display text-2xl font-medium" />
        {following && <span className="ml-2 text-sm text-muted-foreground">(as of {formatSaleDay(market.observedOn)})</span>}
      </p>
      {following ? (
        <p className="text-sm text-muted-foreground">
          The last sale of{' '}
          <Link href={`/WonderShyneIndex/${market.constituentId}`} className="underline underline-offset-4 hover:text-foreground">
            {market.name}
          </Link>{' '}
          in the Market Index{market.stale ? ', though it has not traded for a while' : ''}. Your estimate,{' '}
          <Money cents={card.estimatedValueCents} decimals={0} />, is not counted while you follow the market.
        </p>
      ) : (
        <MarketLine market={market} className="text-sm text-muted-foreground" />
      )}
      {card.hold ? (
        <p className="text-sm text-muted-foreground" data-testid="valuation-locked">
          {cardLockedMessages[card.hold]}.
        </p>
      ) : editing ? (
        <PinForm card={card} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => (setProblem(null), setEditing(true))}>
            <Pin aria-hidden="true" />
            {following ? 'Pin my estimate' : 'Change my estimate'}
          </Button>
          {!following && (
            <Button variant="outline" onClick={() => void followMarket()} disabled={follow.isPending}>
              <TrendingUp aria-hidden="true" />
              {follow.isPending ? 'Switching…' : 'Follow the market'}
            </Button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
