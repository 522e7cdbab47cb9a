import { useId, useState } from 'react';
import { formatCents } from '#common/format.ts';
import { kycStatusLabels } from '#common/kyc.ts';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useConfirmDeposit } from './api/confirm-deposit.ts';

/** Cents from what a person types ("$125,000.50"), or null when it is not a positive amount. */
const parseDollars = (text: string) => parseDollarsToCents(text, { allowZero: false });

/**
 * Confirming the deposit activates the account, so the amount is shown and typed again in a
 * dialog before anything is sent; the server still checks it against the tier's minimum.
 */
export function DepositForm({ client }: { client: ManagerClientDetail }) {
  const ids = useId();
  const confirm = useConfirmDeposit(client.id);
  const [amount, setAmount] = useState(client.minimumCents ? String(client.minimumCents / 100) : '');
  const [pendingCents, setPendingCents] = useState<number | null>(null);
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kycReady = client.kycStatus === 'approved';
  const matches = pendingCents !== null && parseDollars(again) === pendingCents;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null) return setError('Enter the amount received');
    setError(null);
    setAgain('');
    setPendingCents(cents);
  };
  const activate = () => {
    if (!matches || pendingCents === null) return;
    confirm.mutate(pendingCents, {
      onSuccess: () => {
        setPendingCents(null);
        toast({ title: 'Deposit confirmed', description: `${client.name ?? 'The client'}'s account is now active.` });
      },
      onError: (err) => {
        setPendingCents(null);
        setError(errorMessage(err, 'Please try again.'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {!kycReady && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Identity documents: {kycStatusLabels[client.kycStatus]}. The account can be activated once they are approved.
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-amount`}>Amount received (USD)</Label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">$</span>
          <Input
            id={`${ids}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="tabular pl-7"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-help${error ? ` ${ids}-error` : ''}`}
          />
        </div>
        <p id={`${ids}-help`} className="text-xs text-muted-foreground">
          Minimum for this tier: {formatCents(client.minimumCents)}
        </p>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
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
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-again`}>Type the amount again</Label>
          <Input
            id={`${ids}-again`}
            inputMode="decimal"
            autoComplete="off"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            className="tabular"
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                activate();
              }
            }}
          />
        </div>
      </ConfirmDialog>
    </form>
  );
}
