import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { formatUnits, fundMessages, parseUnits, type AdminFundDetail } from '#common/funds.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { placeServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useRecordTransaction } from './api/record-transaction.ts';
import { personText } from './labels.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

interface Values {
  kind: 'subscription' | 'redemption';
  userId: string;
  /** Dollars for a subscription, units for a redemption. */
  value: string;
}
const empty: Values = { kind: 'subscription', userId: '', value: '' };

/**
 * Records a subscription (cash received) or a redemption for an investor, dealt at the next
 * valuation; the dialog shows what will happen and asks once more before sending.
 */
export function RecordTransactionDialog({ data, open, onClose }: { data: AdminFundDetail; open: boolean; onClose: () => void }) {
  const ids = useId();
  const record = useRecordTransaction();
  const form = useForm<Values>({ defaultValues: empty });
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  useEffect(() => {
    if (open) {
      form.reset(empty);
      setStep('form');
    }
  }, [open, form]);
  const { kind, userId, value } = form.watch();
  const investor = data.investors.find((i) => i.user.id === userId);
  const cents = parseDollarsToCents(value);
  const units = parseUnits(value);

  const review = form.handleSubmit(() => {
    let ok = true;
    const problem = (name: 'userId' | 'value', message: string) => {
      form.setError(name, { message }, { shouldFocus: ok });
      ok = false;
    };
    if (!investor) problem('userId', 'Choose the investor');
    if (kind === 'subscription') {
      if (cents === null || cents <= 0) problem('value', fundMessages.amountPositive);
    } else if (units === null || units <= 0) problem('value', fundMessages.unitsRequired);
    else if (investor && units > investor.unitsMicro - investor.pendingRedemptionUnitsMicro)
      problem('value', fundMessages.unitsTooMany(formatUnits(Math.max(0, investor.unitsMicro - investor.pendingRedemptionUnitsMicro))));
    if (ok) setStep('confirm');
  });
  const send = () => {
    const input = kind === 'subscription' ? { kind, userId, amountCents: cents! } : { kind, userId, unitsMicro: units! };
    record.mutate(
      { id: data.fund.id, input },
      {
        onSuccess: () => {
          toast({
            title: kind === 'subscription' ? 'Subscription recorded' : 'Redemption recorded',
            description: 'It is dealt at the next valuation.',
          });
          onClose();
        },
        onError: (err) => {
          // Back to the form, as typed, with the server's reasons beside their fields.
          setStep('form');
          const valueField = kind === 'subscription' ? 'amountCents' : 'unitsMicro';
          const placed = placeServerFieldErrors(form.setError, err, (k) => (k === valueField ? 'value' : k === 'userId' ? 'userId' : undefined));
          if (!placed) form.setError('root', { message: errorMessage(err, 'Please try again.') });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !record.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{step === 'form' ? 'Record a transaction' : `Record this ${kind}?`}</DialogTitle>
          <DialogDescription>
            {step === 'form'
              ? 'For an investor of this fund. Members’ own requests are accepted from the Requests tab; new investors come through requests or onboarding.'
              : 'It waits for the next valuation, which deals it at that valuation’s NAV per unit.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'form' ? (
          <form noValidate onSubmit={review} className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Kind</legend>
              <div className="flex gap-4 text-sm">
                {(['subscription', 'redemption'] as const).map((k) => (
                  <label key={k} className="flex items-center gap-2">
                    <input type="radio" value={k} {...form.register('kind')} />
                    {k === 'subscription' ? 'Subscription (cash in)' : 'Redemption (units out)'}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField control={form.control} name="userId" label="Investor" id={`${ids}-user`}>
              <select className={selectClass} {...form.register('userId')}>
                <option value="">Choose the investor</option>
                {data.investors.map((i) => (
                  <option key={i.user.id} value={i.user.id}>
                    {personText(i.user)} · {formatUnits(i.unitsMicro)} units
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              control={form.control}
              name="value"
              label={kind === 'subscription' ? 'Amount received (USD)' : 'Units to redeem'}
              id={`${ids}-value`}
            >
              <Input inputMode="decimal" className="tabular" {...form.register('value')} />
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
              <dt className="text-muted-foreground">Investor</dt>
              <dd className="font-medium">{investor && personText(investor.user)}</dd>
              <dt className="text-muted-foreground">{kind === 'subscription' ? 'Cash in' : 'Units out'}</dt>
              <dd className="tabular font-medium">{kind === 'subscription' ? formatCents(cents) : formatUnits(units ?? 0)}</dd>
            </dl>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('form')} disabled={record.isPending}>
                Back
              </Button>
              <Button type="button" variant="crimson" onClick={send} disabled={record.isPending}>
                {record.isPending && <Spinner size="sm" label="Recording" />}
                Record {kind}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
