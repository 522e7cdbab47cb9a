import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'wouter';
import { formatCents } from '#common/format.ts';
import { collateralBasisLabels, formatApr, LOAN_PURPOSE_MAX, loanMessages, type LoanQuote, type PublicLendingTerms } from '#common/lending.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FormField } from '#web/components/form-field.tsx';
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
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
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

/** The form's fields (as `applicationIssues` names them) as the form's values. */
const nameOf = { cards: 'cardIds', amount: 'amount', term: 'termMonths', purpose: 'purpose' } as const satisfies Record<
  ApplicationField,
  keyof ApplicationForm
>;

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
  const [aprBps, setAprBps] = useState(terms.aprMaxBps);
  // What the chosen cards support, from the latest quote: the resolver reads it when it runs.
  const maxCents = useRef<number | null>(null);
  const resolver = useCallback<Resolver<ApplicationForm>>(
    (f) => {
      const issues = applicationIssues(f, terms, maxCents.current);
      const errors = Object.fromEntries(Object.entries(issues).map(([k, message]) => [nameOf[k as ApplicationField], { type: 'validate', message }]));
      return Object.keys(errors).length ? { values: {}, errors } : { values: f, errors: {} };
    },
    [terms],
  );
  // Checked once a field is left (or a card picked), then as it changes, as the server would.
  const rhf = useForm<ApplicationForm>({ defaultValues: empty, mode: 'onTouched', resolver });
  const { control, register, trigger, clearErrors } = rhf;
  const { errors, touchedFields, isSubmitted } = rhf.formState;
  const form = rhf.watch();
  const { field: termField } = useController({ control, name: 'termMonths' });

  const amountCents = parseDollarsToCents(form.amount);
  const priced = useDebouncedValue(
    { cardIds: form.cardIds, termMonths: form.termMonths, aprBps, amountCents: amountCents && amountCents > 0 ? amountCents : undefined },
    250,
  );
  const quote = useLoanQuote(priced);
  const quoteFits = quote.data && priced.cardIds.join() === form.cardIds.join();
  const maxLoanCents = quoteFits ? quote.data!.maxLoanCents : null;
  maxCents.current = maxLoanCents;
  // A new quote can put the amount above what the cards support: say so as soon as it answers.
  const amountChecked = isSubmitted || !!touchedFields.amount;
  useEffect(() => {
    if (amountChecked) void trigger('amount');
  }, [maxLoanCents, amountChecked, trigger]);
  // Any change clears a message about the form as a whole.
  useEffect(() => {
    const sub = rhf.watch(() => clearErrors('root'));
    return () => sub.unsubscribe();
  }, [rhf, clearErrors]);
  const shown = (k: ApplicationField) => errors[nameOf[k]]?.message;
  const errId = (k: ApplicationField) => `${id}-${k}-error`;
  const toggle = (cardId: string, on: boolean) => {
    const next = on ? [...form.cardIds, cardId] : form.cardIds.filter((c) => c !== cardId);
    rhf.setValue('cardIds', next, { shouldTouch: true, shouldDirty: true });
    void trigger('cardIds');
  };

  const submit = rhf.handleSubmit(async (f) => {
    try {
      const loan = await apply.mutateAsync(toApplyInput(f));
      toast({ title: 'Application submitted', description: 'We review it and send you an offer here.' });
      rhf.reset(empty);
      onApplied(loan.id);
    } catch (err) {
      const fields = serverFieldErrors(err);
      let placed = false;
      for (const [path, message] of Object.entries(fields)) {
        const k = fieldOfPath[path.split('.')[0]!];
        if (!k) continue;
        rhf.setError(nameOf[k], { message });
        placed = true;
      }
      const message = errorMessage(err, 'The application was not sent. Try again.');
      if (!placed && err instanceof ApiError && err.status && err.status < 500) {
        const k = fieldOfMessage(message);
        if (k) {
          rhf.setError(nameOf[k], { message });
          placed = true;
        }
      }
      if (!placed) rhf.setError('root', { message });
    }
  });
  const formError = errors.root?.message;

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
        <form onSubmit={(e) => void submit(e)} noValidate className="grid min-w-0 content-start gap-5" aria-label="Loan application">
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
            <FormField
              control={control}
              name="amount"
              label="Amount (USD)"
              id={`${id}-amount`}
              className="content-start gap-1.5"
              description={
                shown('amount') ? undefined : quoteFits ? (
                  <>
                    From {formatCents(terms.minLoanCents, 0)} to {formatCents(quote.data!.maxLoanCents)} with these cards
                  </>
                ) : (
                  `At least ${formatCents(terms.minLoanCents, 0)}`
                )
              }
            >
              <Input inputMode="decimal" placeholder={formatCents(terms.minLoanCents, 0)} {...register('amount')} />
            </FormField>
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
                        onChange={() => termField.onChange(m)}
                        onBlur={termField.onBlur}
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

          <FormField
            control={control}
            name="purpose"
            label="Purpose"
            id={`${id}-purpose`}
            className="gap-1.5"
            description={shown('purpose') ? undefined : `${form.purpose.length} / ${LOAN_PURPOSE_MAX}`}
          >
            <Textarea
              maxLength={LOAN_PURPOSE_MAX}
              rows={3}
              placeholder="e.g. Buying a graded rookie at auction next month"
              {...register('purpose')}
            />
          </FormField>

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
