import { useEffect, useId, useState } from 'react';
import { formatCents } from '#common/format.ts';
import { formatUnits, fundMessages, parseUnits, type AdminFundDetail } from '#common/funds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents, serverFieldError } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useRecordTransaction } from './api/record-transaction.ts';
import { personText } from './labels.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Records a subscription (cash received) or a redemption for an investor, dealt at the next
 * valuation; the dialog shows what will happen and asks once more before sending.
 */
export function RecordTransactionDialog({ data, open, onClose }: { data: AdminFundDetail; open: boolean; onClose: () => void }) {
  const ids = useId();
  const record = useRecordTransaction();
  const [kind, setKind] = useState<'subscription' | 'redemption'>('subscription');
  const [userId, setUserId] = useState('');
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [errors, setErrors] = useState<{ user?: string; value?: string; form?: string }>({});
  useEffect(() => {
    if (open) {
      setKind('subscription');
      setUserId('');
      setValue('');
      setStep('form');
      setErrors({});
    }
  }, [open]);
  const investor = data.investors.find((i) => i.user.id === userId);
  const cents = parseDollarsToCents(value);
  const units = parseUnits(value);

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!investor) next.user = 'Choose the investor';
    if (kind === 'subscription') {
      if (cents === null || cents <= 0) next.value = fundMessages.amountPositive;
    } else if (units === null || units <= 0) next.value = fundMessages.unitsRequired;
    else if (investor && units > investor.unitsMicro - investor.pendingRedemptionUnitsMicro)
      next.value = fundMessages.unitsTooMany(formatUnits(Math.max(0, investor.unitsMicro - investor.pendingRedemptionUnitsMicro)));
    setErrors(next);
    if (Object.keys(next).length === 0) setStep('confirm');
  };
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
          const body = err instanceof ApiError ? err.body : undefined;
          setErrors({
            value: serverFieldError(body, kind === 'subscription' ? 'amountCents' : 'unitsMicro'),
            user: serverFieldError(body, 'userId'),
            form: errorMessage(err, 'Please try again.'),
          });
          setStep('form');
        },
      },
    );
  };
  const described = (k: 'user' | 'value') => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${k}-error` } : {});

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
                    <input type="radio" name={`${ids}-kind`} checked={kind === k} onChange={() => setKind(k)} />
                    {k === 'subscription' ? 'Subscription (cash in)' : 'Redemption (units out)'}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-user`}>Investor</Label>
              <select id={`${ids}-user`} className={selectClass} value={userId} onChange={(e) => setUserId(e.target.value)} {...described('user')}>
                <option value="">Choose the investor</option>
                {data.investors.map((i) => (
                  <option key={i.user.id} value={i.user.id}>
                    {personText(i.user)} · {formatUnits(i.unitsMicro)} units
                  </option>
                ))}
              </select>
              {errors.user && (
                <p id={`${ids}-user-error`} role="alert" className="text-sm text-destructive">
                  {errors.user}
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-value`}>{kind === 'subscription' ? 'Amount received (USD)' : 'Units to redeem'}</Label>
              <Input
                id={`${ids}-value`}
                inputMode="decimal"
                className="tabular"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                {...described('value')}
              />
              {errors.value && (
                <p id={`${ids}-value-error`} role="alert" className="text-sm text-destructive">
                  {errors.value}
                </p>
              )}
            </div>
            {errors.form && !errors.user && !errors.value && (
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
