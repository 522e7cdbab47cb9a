import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { CardSummary } from '#common/cards.ts';
import { addressSchema, type Address } from '#common/vault.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useOuttakeQuote } from './api/get-outtake-quote.ts';
import { useCreateOuttake } from './api/member-requests.ts';
import { CardPicker } from './card-picker.tsx';

const fields = [
  ['name', 'Recipient name', 'name'],
  ['line1', 'Street address', 'address-line1'],
  ['line2', 'Apartment, suite (optional)', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['state', 'State', 'address-level1'],
  ['postalCode', 'ZIP or postal code', 'postal-code'],
  ['country', 'Country', 'country-name'],
] as const;

/** The member picks vaulted cards, sees the fee, gives the address, and goes on to pay the fee. */
export function OuttakeForm({ cards, maxCards, onDone }: { cards: readonly CardSummary[]; maxCards: number; onDone: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const quote = useOuttakeQuote(selected);
  const create = useCreateOuttake();
  const [, navigate] = useLocation();
  const form = useForm<Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: 'United States' },
  });
  const submit = form.handleSubmit(async (address) => {
    if (!selected.length) {
      setPickError('Choose at least one card');
      return;
    }
    setPickError(null);
    try {
      const outtake = await create.mutateAsync({ cardIds: selected, address: { ...address, line2: address.line2 || undefined } });
      toast({
        title: `Outtake ${outtake.number} requested`,
        description: outtake.invoiceId ? 'Pay the fee to start packing.' : 'We are packing your cards.',
      });
      onDone();
      if (outtake.invoiceId) navigate(`/checkout?invoice=${encodeURIComponent(outtake.invoiceId)}`);
    } catch (err) {
      const placed = applyServerFieldErrors(form, err, Object.fromEntries(fields.map(([f]) => [`address.${f}`, f])));
      if (!placed) setPickError(errorMessage(err, 'The request could not be sent. Please try again.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6" aria-labelledby="outtake-title">
      <h3 id="outtake-title" className="font-display text-lg font-medium">
        Request cards back
      </h3>
      <CardPicker
        legend="Cards in the vault to send back to you"
        cards={cards}
        selected={selected}
        onChange={setSelected}
        empty="None of your cards is free in the vault right now."
        max={maxCards}
      />
      <div aria-live="polite" className="text-sm">
        {selected.length === 0 ? null : quote.isError ? (
          <p className="text-destructive">{errorMessage(quote.error, 'The fee could not be quoted.')}</p>
        ) : quote.data ? (
          <p>
            Outtake fee: <Money cents={quote.data.feeCents} className="font-medium" /> ({quote.data.feeBps / 100}% of each card’s value, at most{' '}
            <Money cents={quote.data.capCents} decimals={0} /> a card)
          </p>
        ) : (
          <p className="text-muted-foreground">Quoting the fee…</p>
        )}
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Ship to</legend>
        {fields.map(([name, label, autoComplete]) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={label}
            className={name === 'line1' || name === 'name' ? 'sm:col-span-2' : undefined}
          >
            <Input autoComplete={autoComplete} {...form.register(name)} />
          </FormField>
        ))}
      </fieldset>
      {pickError && (
        <p role="alert" className="text-sm text-destructive">
          {pickError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="crimson" disabled={create.isPending || quote.isError}>
          Request outtake and pay the fee
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
