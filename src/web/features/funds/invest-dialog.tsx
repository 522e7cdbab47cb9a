import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { fundMessages, type FundDetail } from '#common/funds.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents, serverFieldError } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useRequestSubscription } from './api/request-subscription.ts';

interface Values {
  amount: string;
  note: string;
}

/** The amount's problem as the server would state it, or true. */
export function checkInvestAmount(text: string, minimumCents: number): true | string {
  const cents = parseDollarsToCents(text);
  if (cents === null || cents <= 0) return 'Enter an amount in dollars, like 25,000';
  if (cents < minimumCents) return fundMessages.belowMinimum(formatCents(minimumCents));
  return true;
}

/** Asks to invest in the fund; an admin or manager approves it and it is dealt at the next valuation. */
export function InvestDialog({
  fund,
  open,
  onClose,
}: {
  fund: Pick<FundDetail, 'id' | 'name' | 'minimumInvestmentCents'>;
  open: boolean;
  onClose: () => void;
}) {
  const request = useRequestSubscription();
  const form = useForm<Values>({ defaultValues: { amount: '', note: '' } });
  useEffect(() => {
    if (open) form.reset({ amount: '', note: '' });
  }, [open, form]);

  const submit = form.handleSubmit(async (v) => {
    const amountCents = parseDollarsToCents(v.amount)!;
    try {
      const res = await request.mutateAsync({ fundId: fund.id, input: { amountCents, note: v.note.trim() || undefined } });
      toast({ title: fundMessages.requestSentTitle, description: res.message });
      onClose();
    } catch (err) {
      const body = err instanceof ApiError ? err.body : undefined;
      const field = serverFieldError(body, 'amountCents');
      const message = field ?? errorMessage(err, 'Please try again.');
      if (err instanceof ApiError && err.status && err.status < 500) form.setError('amount', { message }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: 'Could not send the request', description: message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !request.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invest in {fund.name}</DialogTitle>
          <DialogDescription>
            Your request goes to the fund team. Once approved, it buys units at the price of the next valuation. The minimum is{' '}
            {formatCents(fund.minimumInvestmentCents, 0)}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField control={form.control} name="amount" label="Amount (USD)">
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="tabular"
              placeholder="25,000"
              {...form.register('amount', { validate: (t) => checkInvestAmount(t, fund.minimumInvestmentCents) })}
            />
          </FormField>
          <FormField control={form.control} name="note" label="Note for the fund team (optional)">
            <Textarea rows={2} maxLength={500} {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={request.isPending}>
              {request.isPending && <Spinner size="sm" label="Sending" />}
              Send investment request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
