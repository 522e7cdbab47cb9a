import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCents } from '#common/format.ts';
import { kycStatusLabels } from '#common/kyc.ts';
import { confirmDepositSchema, type ManagerClientDetail } from '#common/onboarding.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useConfirmDeposit } from './api/confirm-deposit.ts';

/** Cents from what a person types ("$125,000.50"), or null when it is not a positive amount. */
const parseDollars = (text: string) => parseDollarsToCents(text, { allowZero: false });

// What is typed, in cents, checked by the server's rule (a refused amount reaches it as nothing).
const depositFormSchema = z.object({
  amount: z.string().transform(parseDollars).pipe(confirmDepositSchema.shape.amountCents),
  again: z.string(),
});
type DepositFormInput = z.input<typeof depositFormSchema>;
type DepositFormValues = z.output<typeof depositFormSchema>;

/**
 * Confirming the deposit activates the account, so the amount is shown and typed again in a
 * dialog before anything is sent; the server still checks it against the tier's minimum.
 */
export function DepositForm({ client }: { client: ManagerClientDetail }) {
  const form = useForm<DepositFormInput, unknown, DepositFormValues>({
    resolver: zodResolver(depositFormSchema),
    defaultValues: { amount: client.minimumCents ? String(client.minimumCents / 100) : '', again: '' },
  });
  const [pendingCents, setPendingCents] = useState<number | null>(null);
  const confirm = useConfirmDeposit(client.id, {
    onSuccess: () => {
      setPendingCents(null);
      toast({ title: 'Deposit confirmed', description: `${client.name ?? 'The client'}'s account is now active.` });
    },
    onError: (err) => {
      setPendingCents(null);
      if (!applyServerFieldErrors(form, err, { amountCents: 'amount' })) form.setError('amount', { message: errorMessage(err, 'Please try again.') });
    },
  });
  const kycReady = client.kycStatus === 'approved';
  const matches = pendingCents !== null && parseDollars(form.watch('again')) === pendingCents;

  const submit = form.handleSubmit(({ amount }) => {
    form.setValue('again', '');
    setPendingCents(amount);
  });
  const activate = () => {
    if (!matches || pendingCents === null) return;
    confirm.mutate(pendingCents);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {!kycReady && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Identity documents: {kycStatusLabels[client.kycStatus]}. The account can be activated once they are approved.
        </p>
      )}
      <FormField
        control={form.control}
        name="amount"
        label="Amount received (USD)"
        description={<>Minimum for this tier: {formatCents(client.minimumCents)}</>}
      >
        {(props) => (
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">$</span>
            <Input inputMode="decimal" className="tabular pl-7" {...props} {...form.register('amount')} />
          </div>
        )}
      </FormField>
      <Button type="submit" variant="crimson" disabled={!kycReady || confirm.isPending}>
        Confirm deposit received
      </Button>

      <ConfirmDialog
        open={pendingCents !== null}
        onClose={() => setPendingCents(null)}
        onConfirm={activate}
        title={`Activate ${client.name ?? 'this client'}'s account?`}
        description={
          <>
            You are confirming that <span className="tabular font-medium text-foreground">{formatCents(pendingCents)}</span> has arrived from{' '}
            {client.name ?? 'the client'}. The account becomes active at once. Type the amount again to confirm.
          </>
        }
        confirmLabel="Activate account"
        confirmVariant="crimson"
        confirmDisabled={!matches}
        pending={confirm.isPending}
        pendingLabel="Confirming"
      >
        <FormField control={form.control} name="again" label="Type the amount again">
          <Input
            inputMode="decimal"
            autoComplete="off"
            className="tabular"
            {...form.register('again')}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                activate();
              }
            }}
          />
        </FormField>
      </ConfirmDialog>
    </form>
  );
}
