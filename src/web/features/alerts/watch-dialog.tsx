import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { alertMessages } from '#common/alerts.ts';
import { formatCents } from '#common/format.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseMoneyInput, serverFieldError } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useCreateAlert } from './api/create-alert.ts';

interface Values {
  above: string;
  below: string;
  newListings: boolean;
}

/** An optional amount: empty is fine, anything typed must be dollars greater than $0. */
const optionalAmount = (text: string): true | string => {
  if (!text.trim()) return true;
  const r = parseMoneyInput(text, { allowZero: false });
  return r.ok ? true : r.message;
};
const centsOf = (text: string) => {
  const r = text.trim() ? parseMoneyInput(text, { allowZero: false }) : null;
  return r?.ok ? r.cents : undefined;
};

export interface WatchTarget {
  id: string;
  name: string;
  lastPriceCents: number | null;
}

/** Sets the prices (and new listings) to watch a constituent for; the member hears once per crossing. */
export function WatchDialog({
  target,
  open,
  onClose,
  newListingsByDefault = false,
}: {
  target: WatchTarget;
  open: boolean;
  onClose: () => void;
  newListingsByDefault?: boolean;
}) {
  const create = useCreateAlert();
  const defaults: Values = { above: '', below: '', newListings: newListingsByDefault };
  const form = useForm<Values>({ defaultValues: defaults });
  useEffect(() => {
    if (open) form.reset({ above: '', below: '', newListings: newListingsByDefault });
  }, [open, form, newListingsByDefault]);

  const submit = form.handleSubmit(async (v) => {
    const above = centsOf(v.above);
    const below = centsOf(v.below);
    if (above === undefined && below === undefined && !v.newListings) {
      form.setError('above', { message: alertMessages.nothingToWatch }, { shouldFocus: true });
      return;
    }
    if (above !== undefined && below !== undefined && above <= below) {
      form.setError('above', { message: alertMessages.bandOrder }, { shouldFocus: true });
      return;
    }
    try {
      await create.mutateAsync({ kind: 'constituent', targetId: target.id, above, below, newListings: v.newListings });
      toast({ title: 'Watching', description: `We will tell you when ${target.name} crosses your prices.` });
      onClose();
    } catch (err) {
      const body = err instanceof ApiError ? err.body : undefined;
      const field = (['above', 'below'] as const).find((f) => serverFieldError(body, f));
      if (field) form.setError(field, { message: serverFieldError(body, field) }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: 'Could not set the alert', description: errorMessage(err, 'Please try again.') });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Watch {target.name}</DialogTitle>
          <DialogDescription>
            {target.lastPriceCents != null ? `Its index price is ${formatCents(target.lastPriceCents)}. ` : 'It has no index price yet. '}
            You are told once each time the price crosses a line you set, in your notifications and by text if you chose it in Settings.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField control={form.control} name="above" label="Tell me when it rises to (USD)" description="Optional">
              <Input
                inputMode="decimal"
                autoComplete="off"
                className="tabular"
                placeholder="15,000"
                {...form.register('above', { validate: optionalAmount })}
              />
            </FormField>
            <FormField control={form.control} name="below" label="Tell me when it falls to (USD)" description="Optional">
              <Input
                inputMode="decimal"
                autoComplete="off"
                className="tabular"
                placeholder="8,000"
                {...form.register('below', { validate: optionalAmount })}
              />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="newListings"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox id="watch-new-listings" checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} className="mt-0.5" />
                <Label htmlFor="watch-new-listings" className="font-normal leading-snug">
                  Notify me of new listings of this card on the Private MarketPlace
                </Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={create.isPending}>
              {create.isPending && <Spinner size="sm" label="Saving" />}
              Watch
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
