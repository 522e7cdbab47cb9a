import { useId, useState, type FormEvent } from 'react';
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
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useUpdateLoan } from './api/update-loan.ts';
import { aprHint, initialOffer, offerCapCents, offerIssues, percentToBps, toOfferPatch, type OfferField, type OfferForm } from './offer.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
const serverField: Record<string, OfferField> = { offeredAmountCents: 'amount', aprBps: 'apr', termMonths: 'term' };

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
  const [form, setForm] = useState<OfferForm>(() => initialOffer(loan, policy));
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Partial<Record<OfferField, string>>>({});
  const cap = offerCapCents(loan);
  const issues = offerIssues(form, cap, policy);
  const shown = (k: OfferField) => (tried ? issues[k] : undefined) ?? server[k];
  const set = (k: keyof OfferForm, v: string | number) => {
    setForm((f) => ({ ...f, [k]: v }));
    setServer({});
  };
  const cents = parseDollarsToCents(form.amount) ?? 0;
  const bps = percentToBps(form.apr) ?? 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(issues).length) return;
    try {
      await update.mutateAsync({ id: loan.id, patch: toOfferPatch(form) });
      toast({ title: 'Offer sent', description: `${loan.borrower.name ?? 'The member'} can now accept or decline it.` });
    } catch (err) {
      const fields = err instanceof ApiError ? ((err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
      const placed: Partial<Record<OfferField, string>> = {};
      for (const [p, m] of Object.entries(fields)) if (serverField[p] && m[0]) placed[serverField[p]] = m[0];
      const message = errorMessage(err, 'The offer was not sent. Try again.');
      if (!Object.keys(placed).length && /offer cannot exceed|amount/i.test(message)) placed.amount = message;
      if (!Object.keys(placed).length && /APR/i.test(message)) placed.apr = message;
      setServer(placed);
      if (!Object.keys(placed).length) toast({ variant: 'destructive', title: 'The offer was not sent', description: message });
    }
  }

  const err = (k: OfferField) =>
    shown(k) ? (
      <p id={`${id}-${k}-error`} role="alert" className="text-sm text-destructive">
        {shown(k)}
      </p>
    ) : null;
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
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            Amount offered (USD)
          </label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            aria-invalid={!!shown('amount')}
            aria-describedby={shown('amount') ? `${id}-amount-error` : undefined}
          />
          {err('amount') ?? <p className="text-xs text-muted-foreground">At most {formatCents(cap)}</p>}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-apr`} className="text-sm font-medium">
            APR (%)
          </label>
          <Input
            id={`${id}-apr`}
            inputMode="decimal"
            value={form.apr}
            onChange={(e) => set('apr', e.target.value)}
            aria-invalid={!!shown('apr')}
            aria-describedby={shown('apr') ? `${id}-apr-error` : undefined}
          />
          {err('apr') ?? (policy && <p className="text-xs text-muted-foreground">{aprHint(policy)}</p>)}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-term`} className="text-sm font-medium">
            Term
          </label>
          <select
            id={`${id}-term`}
            className={selectClass}
            value={form.termMonths}
            onChange={(e) => set('termMonths', Number(e.target.value))}
            aria-invalid={!!shown('term')}
          >
            {[3, 6, 12].map((m) => (
              <option key={m} value={m}>
                {m} months
              </option>
            ))}
          </select>
          {err('term')}
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Note (optional)
        </label>
        <Textarea id={`${id}-note`} rows={2} maxLength={LOAN_NOTE_MAX} value={form.note} onChange={(e) => set('note', e.target.value)} />
      </div>
      {cents > 0 && bps >= 0 && !issues.amount && !issues.apr && (
        <p className="text-sm text-muted-foreground" data-testid="offer-monthly">
          About <Money cents={monthlyPaymentCents(cents, bps, form.termMonths)} /> a month.
        </p>
      )}
      <Button type="submit" variant="crimson" className="justify-self-start" disabled={update.isPending}>
        {update.isPending && <Spinner size="sm" label="Sending" />}
        Send offer
      </Button>
    </form>
  );
}
