import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents } from '#common/format.ts';
import { collateralBasisLabels, formatApr, LOAN_PURPOSE_MAX, loanMessages, type LoanQuote, type PublicLendingTerms } from '#common/lending.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError } from '#web/components/list-parts.tsx';
import { ScheduleTable } from '#web/components/loans/schedule-table.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { cn } from '#web/lib/utils.ts';
import { useApplyForLoan } from './api/apply-for-loan.ts';
import { useMyCards } from './api/get-my-cards.ts';
import { useLoanQuote } from './api/get-loan-quote.ts';
import {
  applicationIssues,
  cardRefusal,
  fieldOfMessage,
  fieldOfPath,
  toApplyInput,
  type ApplicationField,
  type ApplicationForm,
} from './application.ts';

const APR_STEP = 25;

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error)
    return (
      <p id={id} role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  return hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null;
}

function QuotePanel({ quote, loading, error }: { quote: LoanQuote | undefined; loading: boolean; error: unknown }) {
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, 'The calculator could not answer. Try again.')}
      </p>
    );
  if (!quote) return <p className="text-sm text-muted-foreground">Pick cards to see what they support.</p>;
  const rows: [string, ReactNode, string][] = [
    ['Collateral value', <Money key="v" cents={quote.collateralValueCents} />, 'quote-collateral'],
    ['Most you can borrow', <Money key="m" cents={quote.maxLoanCents} />, 'quote-max'],
    [`Monthly payment (${quote.termMonths} × at ${formatApr(quote.aprBps)})`, <Money key="p" cents={quote.monthlyPaymentCents} />, 'quote-monthly'],
    ['Total interest', <Money key="i" cents={quote.totalInterestCents} />, 'quote-interest'],
    ['Origination fee', <Money key="f" cents={quote.originationFeeCents} />, 'quote-fee'],
    ['Total cost of the loan', <Money key="c" cents={quote.totalCostCents} />, 'quote-cost'],
    ['Total repaid', <Money key="t" cents={quote.totalRepaidCents} />, 'quote-repaid'],
  ];
  return (
    <div className={cn('grid gap-3', loading && 'opacity-60')} aria-busy={loading}>
      <p className="text-sm">
        Priced on <Money cents={quote.amountCents} />:
      </p>
      <dl className="grid gap-1.5 text-sm">
        {rows.map(([k, v, testId]) => (
          <div key={testId} className="flex items-baseline justify-between gap-3 border-b border-dashed pb-1.5 last:border-0">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-medium" data-testid={testId}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {quote.issue && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="quote-issue">
          {quote.issue}
        </p>
      )}
      {quote.schedule.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Schedule if funded today</summary>
          <div className="mt-2">
            <ScheduleTable rows={quote.schedule} caption="Repayment schedule if funded today" />
          </div>
        </details>
      )}
    </div>
  );
}

/**
 * The calculator and the application in one: the cards, amount and term chosen here are priced
 * live by GET /api/loans/quote (at an APR the member picks within the published range) and are
 * what Apply sends.
 */
export function BorrowSection({ terms, onApplied }: { terms: PublicLendingTerms; onApplied: (loanId: string) => void }) {
  const id = useId();
  const cards = useMyCards();
  const apply = useApplyForLoan();
  const defaultTerm = terms.terms.includes(6) ? 6 : (terms.terms[0] ?? 6);
  const empty: ApplicationForm = { cardIds: [], amount: '', termMonths: defaultTerm, purpose: '' };
  const [form, setForm] = useState<ApplicationForm>(empty);
  const [aprBps, setAprBps] = useState(terms.aprMaxBps);
  const [touched, setTouched] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const amountCents = parseDollarsToCents(form.amount);
  const priced = useDebouncedValue(
    { cardIds: form.cardIds, termMonths: form.termMonths, aprBps, amountCents: amountCents && amountCents > 0 ? amountCents : undefined },
    250,
  );
  const quote = useLoanQuote(priced);
  const quoteFits = quote.data && priced.cardIds.join() === form.cardIds.join();
  const issues = applicationIssues(form, terms, quoteFits ? quote.data!.maxLoanCents : null);
  const shown = (k: ApplicationField) => (touched[k] ? (issues[k] ?? serverErrors[k]) : undefined);
  const errId = (k: ApplicationField) => `${id}-${k}-error`;
  const touch = (k: ApplicationField) => setTouched((t) => ({ ...t, [k]: true }));
  const update = (patch: Partial<ApplicationForm>, k: ApplicationField) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerErrors((s) => ({ ...s, [k]: undefined }));
    setFormError(null);
  };
  const toggle = (cardId: string, on: boolean) => {
    update({ cardIds: on ? [...form.cardIds, cardId] : form.cardIds.filter((c) => c !== cardId) }, 'cards');
    touch('cards');
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ cards: true, amount: true, term: true, purpose: true });
    if (Object.keys(issues).length) return;
    try {
      const loan = await apply.mutateAsync(toApplyInput(form));
      toast({ title: 'Application submitted', description: 'We review it and send you an offer here.' });
      setForm(empty);
      setTouched({});
      onApplied(loan.id);
    } catch (err) {
      const fields = err instanceof ApiError ? ((err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
      const placed: Partial<Record<ApplicationField, string>> = {};
      for (const [path, messages] of Object.entries(fields)) {
        const f = fieldOfPath[path.split('.')[0]!];
        if (f && messages[0]) placed[f] ??= messages[0];
      }
      const message = errorMessage(err, 'The application was not sent. Try again.');
      if (Object.keys(placed).length === 0 && err instanceof ApiError && err.status && err.status < 500) {
        const f = fieldOfMessage(message);
        if (f) placed[f] = message;
      }
      setServerErrors(placed);
      if (Object.keys(placed).length === 0) setFormError(message);
    }
  }

  const cardList = cards.data?.cards ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-5">
      <div>
        <h2 id={`${id}-title`} className="font-display text-xl font-medium">
          Borrow against your cards
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Pick cards from your registry to see what they support and what it costs, then apply.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form onSubmit={submit} noValidate className="grid min-w-0 content-start gap-5" aria-label="Loan application">
          <fieldset className="grid min-w-0 gap-2" aria-describedby={shown('cards') ? errId('cards') : undefined} aria-invalid={!!shown('cards')}>
            <legend className="mb-2 text-sm font-medium">Cards to pledge</legend>
            {cards.isPending ? (
              <div className="grid gap-2" aria-busy="true">
                <span className="sr-only" role="status">
                  Loading your cards
                </span>
                <Skeleton className="h-14 w-full" />
                <Skeleton className="h-14 w-full" />
              </div>
            ) : cards.isError ? (
              <ListError
                title="Your cards could not be loaded"
                error={cards.error}
                onRetry={() => void cards.refetch()}
                retrying={cards.isFetching}
              />
            ) : cardList.length === 0 ? (
              <EmptyState
                title="No cards yet"
                description="Add graded cards to your registry to borrow against them."
                action={
                  <Button asChild variant="outline">
                    <Link href="/registry">Go to the registry</Link>
                  </Button>
                }
              />
            ) : (
              <ul className="grid max-h-80 gap-1.5 overflow-y-auto pr-1" data-testid="collateral-picker">
                {cardList.map((c) => {
                  const quoted = quoteFits ? quote.data!.cards.find((q) => q.cardId === c.id) : undefined;
                  const refusal = cardRefusal(c) ?? quoted?.refusal ?? null;
                  const checked = form.cardIds.includes(c.id);
                  const disabled = !!cardRefusal(c) && !checked;
                  return (
                    <li
                      key={c.id}
                      data-testid="collateral-option"
                      data-card-id={c.id}
                      data-custody={c.custody}
                      data-value-cents={c.estimatedValueCents}
                      data-eligible={!cardRefusal(c) || undefined}
                    >
                      <label
                        className={cn(
                          'flex min-w-0 cursor-pointer items-center gap-3 rounded-lg border p-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                          checked && 'border-foreground bg-muted',
                          disabled && 'cursor-not-allowed opacity-60',
                        )}
                      >
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={disabled}
                          onChange={(e) => toggle(c.id, e.target.checked)}
                          className="size-4 shrink-0 accent-[var(--color-crimson)]"
                          aria-describedby={refusal ? `${id}-card-${c.id}` : undefined}
                        />
                        <span className="grid min-w-0 flex-1">
                          <span className="font-medium break-words">
                            {c.year} {c.brand} {c.subject}
                          </span>
                          <span className="text-xs text-muted-foreground">
                            {c.grader === 'raw' ? 'Raw' : `${c.grader} ${c.grade ?? ''}`}
                            {refusal && (
                              <span id={`${id}-card-${c.id}`} className="block text-amber-800">
                                {refusal}
                              </span>
                            )}
                            {checked && quoted && !refusal && (
                              <span className={cn('block', quoted.basisSource === 'none' && 'text-amber-800')} data-testid="collateral-basis">
                                {quoted.basisSource === 'none' ? (
                                  loanMessages.awaitingAppraisal
                                ) : (
                                  <>
                                    Counts for {formatCents(quoted.basisCents, 0)} ({collateralBasisLabels[quoted.basisSource].toLowerCase()})
                                  </>
                                )}
                              </span>
                            )}
                          </span>
                        </span>
                        <Money cents={c.estimatedValueCents} decimals={0} className="shrink-0 font-medium" />
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            <FieldMessage id={errId('cards')} error={shown('cards')} />
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-amount`} className="text-sm font-medium">
                Amount (USD)
              </label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                placeholder={formatCents(terms.minLoanCents, 0)}
                value={form.amount}
                onChange={(e) => update({ amount: e.target.value }, 'amount')}
                onBlur={() => touch('amount')}
                aria-invalid={!!shown('amount')}
                aria-describedby={shown('amount') ? errId('amount') : undefined}
              />
              <FieldMessage
                id={errId('amount')}
                error={shown('amount')}
                hint={
                  quoteFits ? (
                    <>
                      From {formatCents(terms.minLoanCents, 0)} to {formatCents(quote.data!.maxLoanCents)} with these cards
                    </>
                  ) : (
                    `At least ${formatCents(terms.minLoanCents, 0)}`
                  )
                }
              />
            </div>
            <fieldset className="grid content-start gap-1.5" aria-describedby={shown('term') ? errId('term') : undefined}>
              <legend className="mb-1.5 text-sm font-medium">Term</legend>
              <div className="flex flex-wrap gap-2">
                {([3, 6, 12] as const).map((m) => {
                  const offered = terms.terms.includes(m);
                  return (
                    <label
                      key={m}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        form.termMonths === m && 'border-foreground bg-muted',
                        !offered && 'cursor-not-allowed opacity-50',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-term`}
                        value={m}
                        checked={form.termMonths === m}
                        disabled={!offered}
                        onChange={() => update({ termMonths: m }, 'term')}
                        className="accent-[var(--color-crimson)]"
                      />
                      {m} months
                    </label>
                  );
                })}
              </div>
              <FieldMessage id={errId('term')} error={shown('term')} />
            </fieldset>
          </div>

          {terms.aprMinBps < terms.aprMaxBps && (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-apr`} className="flex justify-between text-sm font-medium">
                <span>Price it at an APR of</span>
                <span className="tabular" data-testid="calculator-apr">
                  {formatApr(aprBps)}
                </span>
              </label>
              <input
                id={`${id}-apr`}
                type="range"
                min={terms.aprMinBps}
                max={terms.aprMaxBps}
                step={APR_STEP}
                value={aprBps}
                onChange={(e) => setAprBps(Number(e.target.value))}
                aria-valuetext={formatApr(aprBps)}
                className="w-full accent-[var(--color-crimson)]"
              />
              <p className="text-xs text-muted-foreground">
                Our offer sets the rate, from {formatApr(terms.aprMinBps)} to {formatApr(terms.aprMaxBps)}; this only prices the calculator.
              </p>
            </div>
          )}

          <div className="grid gap-1.5">
            <label htmlFor={`${id}-purpose`} className="text-sm font-medium">
              Purpose
            </label>
            <Textarea
              id={`${id}-purpose`}
              value={form.purpose}
              onChange={(e) => update({ purpose: e.target.value }, 'purpose')}
              onBlur={() => touch('purpose')}
              maxLength={LOAN_PURPOSE_MAX}
              rows={3}
              placeholder="e.g. Buying a graded rookie at auction next month"
              aria-invalid={!!shown('purpose')}
              aria-describedby={shown('purpose') ? errId('purpose') : undefined}
            />
            <FieldMessage id={errId('purpose')} error={shown('purpose')} hint={`${form.purpose.length} / ${LOAN_PURPOSE_MAX}`} />
          </div>

          {formError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {formError}
            </p>
          )}
          <div>
            <Button type="submit" variant="crimson" disabled={apply.isPending}>
              {apply.isPending && <Spinner size="sm" label="Sending" />}
              Apply for this loan
            </Button>
          </div>
        </form>
        <aside
          className="grid h-fit min-w-0 gap-3 rounded-lg border bg-muted/30 p-4 lg:sticky lg:top-20"
          aria-label="Calculator"
          data-testid="calculator"
        >
          <h3 className="text-sm font-semibold">Calculator</h3>
          <QuotePanel
            quote={form.cardIds.length ? quote.data : undefined}
            loading={quote.isFetching}
            error={form.cardIds.length ? quote.error : null}
          />
        </aside>
      </div>
    </section>
  );
}
