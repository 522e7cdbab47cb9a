import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { formatUnits, fundMessages, parseUnits, type FundPosition } from '#common/funds.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { serverFieldError } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useRequestRedemption } from './api/request-redemption.ts';

interface Values {
  units: string;
  all: boolean;
}

/** The units' problem as the server would state it, or true. Units still waiting to be redeemed count as spoken for. */
export function checkRedeemUnits(text: string, position: Pick<FundPosition, 'unitsMicro' | 'pendingRedemptionUnitsMicro'>): true | string {
  const units = parseUnits(text);
  if (units === null) return fundMessages.unitsRequired;
  if (units <= 0) return fundMessages.unitsPositive;
  const free = position.unitsMicro - position.pendingRedemptionUnitsMicro;
  if (units > free) return fundMessages.unitsTooMany(formatUnits(Math.max(0, free)));
  return true;
}

/** Asks to redeem some or all units; approved requests are paid at the next valuation's price. */
export function RedeemDialog({
  fundId,
  fundName,
  position,
  open,
  onClose,
}: {
  fundId: string;
  fundName: string;
  position: FundPosition;
  open: boolean;
  onClose: () => void;
}) {
  const request = useRequestRedemption();
  const form = useForm<Values>({ defaultValues: { units: '', all: false } });
  const all = form.watch('all');
  useEffect(() => {
    if (open) form.reset({ units: '', all: false });
  }, [open, form]);

  const submit = form.handleSubmit(async (v) => {
    try {
      const input = v.all ? { all: true as const } : { unitsMicro: parseUnits(v.units)! };
      const res = await request.mutateAsync({ fundId, input });
      toast({ title: fundMessages.requestSentTitle, description: res.message });
      onClose();
    } catch (err) {
      const message = serverFieldError(err instanceof ApiError ? err.body : undefined, 'unitsMicro') ?? errorMessage(err, 'Please try again.');
      if (err instanceof ApiError && err.status && err.status < 500) form.setError('units', { message }, { shouldFocus: !v.all });
      else toast({ variant: 'destructive', title: 'Could not send the request', description: message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !request.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redeem from {fundName}</DialogTitle>
          <DialogDescription>
            You hold {formatUnits(position.unitsMicro)} units, worth {formatCents(position.valueCents)} at the last valuation. Once approved, the
            units are paid out at the next valuation&apos;s price.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField control={form.control} name="units" label="Units to redeem" description="Up to 6 decimals.">
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="tabular"
              disabled={all}
              {...form.register('units', { validate: (t, values) => values.all || checkRedeemUnits(t, position) })}
            />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="redeem-all" checked={all} onCheckedChange={(c) => form.setValue('all', c === true, { shouldValidate: false })} />
            <Label htmlFor="redeem-all">Redeem my whole position</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={request.isPending}>
              {request.isPending && <Spinner size="sm" label="Sending" />}
              Send redemption request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
