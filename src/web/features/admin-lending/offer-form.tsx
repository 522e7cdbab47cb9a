import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import {
  collateralBasisLabels,
  formatBpsPercent,
  LOAN_NOTE_MAX,
  monthlyPaymentCents,
  type AdminLoanDetail,
  type Collateral,
  type LendingPolicy,
} from '#common/lending.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';
import { useUpdateLoan } from './api/update-loan.ts';
import { aprHint, initialOffer, offerCapCents, offerIssues, percentToBps, toOfferPatch, type OfferForm } from './offer.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
const serverField = renamed<OfferForm>({ offeredAmountCents: 'amount', aprBps: 'apr', termMonths: 'termMonths' });

const figure = (cents: number | null) => (cents === null ? <span className="text-muted-foreground">—</span> : <Money cents={cents} decimals={0} />);

/**
 * Each card's figures side by side (decision 128): the member's estimate, the index's market
 * price and our appraisal; the cap is on the basis, the lower of the estimate and the other two.
 */
function BasisTable({ items }: { items: Collateral[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[30rem] text-xs tabular" data-testid="offer-basis">
        <caption className="sr-only">What each card counts for toward the cap</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Card
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Member’s estimate
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Market value
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Our appraisal
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              Counts for
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.cardId} className="border-t">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                {c.year} {c.subject}
              </th>
              <td className="px-2 py-1.5 text-right">{figure(c.estimateCents)}</td>
              <td className="px-2 py-1.5 text-right">{figure(c.marketValueCents)}</td>
              <td className="px-2 py-1.5 text-right">{figure(c.appraisedValueCents)}</td>
              <td className="py-1.5 pl-2 text-right font-medium">
                <Money cents={c.basisCents} decimals={0} />
                <span className="block font-normal text-muted-foreground">{collateralBasisLabels[c.basisSource]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The conditional approval: amount (never above the LTV cap), APR within the policy, term. */
export function OfferForm({ loan, policy }: { loan: AdminLoanDetail; policy: LendingPolicy | undefined }) {
  const id = useId();
  const update = useUpdateLoan();
  const form = useForm<OfferForm>({ defaultValues: initialOffer(loan, policy) });
  const cap = offerCapCents(loan);
  const values = form.watch();
  const issues = offerIssues(values, cap, policy);
  const errors = form.formState.errors;
  const cents = parseDollarsToCents(values.amount) ?? 0;
  const bps = percentToBps(values.apr) ?? 0;
  // The checks of offer.ts, each on its field; after a first try they follow every keystroke.
  const rule = (k: 'amount' | 'apr' | 'term') => ({ validate: (_: unknown, v: OfferForm) => offerIssues(v, cap, policy)[k] ?? true });

  const submit = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync({ id: loan.id, patch: toOfferPatch(v) });
      toast({ title: 'Offer sent', description: `${loan.borrower.name ?? 'The member'} can now accept or decline it.` });
    } catch (err) {
      const message = errorMessage(err, 'The offer was not sent. Try again.');
      if (placeServerFieldErrors(form.setError, err, serverField)) return;
      if (/offer cannot exceed|amount/i.test(message)) form.setError('amount', { message }, { shouldFocus: true });
      else if (/APR/i.test(message)) form.setError('apr', { message }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: 'The offer was not sent', description: message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-4" aria-label="Offer">
      <h3 className="text-sm font-semibold">Conditionally approve</h3>
      <BasisTable items={loan.collateral} />
      <p className="text-xs text-muted-foreground">
        Cap: <Money cents={cap} /> ({formatBpsPercent(loan.maxLtvBps)} of <Money cents={loan.collateralValueCents} /> collateral value).
      </p>
      {loan.collateral.some((c) => c.basisSource === 'none') && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="awaiting-appraisal">
          A card with no market price counts for nothing until it is appraised: record an appraisal on the Cards page.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          control={form.control}
          name="amount"
          label="Amount offered (USD)"
          id={`${id}-amount`}
          className="content-start gap-1.5"
          description={errors.amount ? undefined : `At most ${formatCents(cap)}`}
        >
          <Input inputMode="decimal" {...form.register('amount', rule('amount'))} />
        </FormField>
        <FormField
          control={form.control}
          name="apr"
          label="APR (%)"
          id={`${id}-apr`}
          className="content-start gap-1.5"
          description={errors.apr || !policy ? undefined : aprHint(policy)}
        >
          <Input inputMode="decimal" {...form.register('apr', rule('apr'))} />
        </FormField>
        <FormField control={form.control} name="termMonths" label="Term" id={`${id}-term`} className="content-start gap-1.5">
          <select className={selectClass} {...form.register('termMonths', { valueAsNumber: true, ...rule('term') })}>
            {[3, 6, 12].map((m) => (
              <option key={m} value={m}>
                {m} months
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField control={form.control} name="note" label="Note (optional)" id={`${id}-note`} className="gap-1.5">
        <Textarea rows={2} maxLength={LOAN_NOTE_MAX} {...form.register('note')} />
      </FormField>
      {cents > 0 && bps >= 0 && !issues.amount && !issues.apr && (
        <p className="text-sm text-muted-foreground" data-testid="offer-monthly">
          About <Money cents={monthlyPaymentCents(cents, bps, values.termMonths)} /> a month.
        </p>
      )}
      <Button type="submit" variant="crimson" className="justify-self-start" disabled={update.isPending}>
        {update.isPending && <Spinner size="sm" label="Sending" />}
        Send offer
      </Button>
    </form>
  );
}
