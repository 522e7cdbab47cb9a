import type { ReactNode } from 'react';
import { custodyLabels } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { formatApr, loanInvoiceKindLabels, loanStatusLabels, type Collateral, type Loan, type LoanEvent, type LoanInvoice } from '#common/lending.ts';
import { invoiceStatusLabels } from '#common/money.ts';
import { Money } from '../money.tsx';
import { SlabImage } from '../slab-image.tsx';
import { cn } from '#web/lib/utils.ts';

/** A date-only value ("2026-12-01") or an instant, as "Dec 1, 2026". */
export const day = (d: string | null | undefined) => formatDate(d);
export const collateralTitle = (c: Pick<Collateral, 'year' | 'brand' | 'subject'>) => `${c.year} ${c.brand} ${c.subject}`;

/** The headline numbers of a loan: what was asked, what was offered, the rate and what is owed. */
export function LoanFacts({ loan }: { loan: Loan }) {
  const facts: [string, ReactNode][] = [
    ['Requested', <Money key="r" cents={loan.amountRequestedCents} />],
    ['Term', `${loan.offeredTermMonths ?? loan.termMonths} months`],
  ];
  if (loan.offeredAmountCents !== null) facts.push(['Offered', <Money key="o" cents={loan.offeredAmountCents} />]);
  if (loan.aprBps !== null) facts.push(['APR', formatApr(loan.aprBps)]);
  if (loan.fundedAt) facts.push(['Funded', day(loan.fundedAt)], ['Matures', day(loan.maturityDate)]);
  if (loan.fundedAt) facts.push(['Outstanding', <Money key="p" cents={loan.outstandingPrincipalCents} />]);
  facts.push(['Collateral value', <Money key="v" cents={loan.collateralValueCents} />]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3" data-testid="loan-facts">
      {facts.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{k}</dt>
          <dd className="font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The pledged cards with photo, custody and values; `action` adds a per-card control (staff). */
export function CollateralList({ items, action }: { items: readonly Collateral[]; action?: (c: Collateral) => ReactNode }) {
  return (
    <ul className="grid gap-2" aria-label="Collateral">
      {items.map((c) => (
        <li key={c.cardId} className="flex min-w-0 items-center gap-3 rounded-lg border p-2" data-testid="collateral-item">
          <div className="h-16 w-11 shrink-0 overflow-hidden rounded bg-muted">
            {c.thumbnailUrl ? (
              <img src={c.thumbnailUrl} alt={`Front of ${c.subject}`} className="size-full object-cover" loading="lazy" />
            ) : (
              <SlabImage card={c} className="size-full" />
            )}
          </div>
          <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
            <span className="font-medium break-words">{collateralTitle(c)}</span>
            <span className="text-xs text-muted-foreground">
              {[c.grader === 'raw' ? 'Raw' : `${c.grader} ${c.grade ?? ''}`.trim(), c.certNumber ? `#${c.certNumber}` : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <span className="flex flex-wrap items-center gap-x-2 text-xs">
              <span className={cn('font-medium', c.custody === 'in_vault' ? 'text-emerald-700' : 'text-amber-700')} data-testid="collateral-custody">
                {custodyLabels[c.custody]}
              </span>
              <span className="text-muted-foreground">
                now <Money cents={c.currentValueCents} decimals={0} /> (applied at <Money cents={c.valueAtApplicationCents} decimals={0} />)
              </span>
              {c.needsReview && <span className="font-medium text-destructive">PSA record differs: review</span>}
            </span>
          </div>
          {action && <div className="shrink-0">{action(c)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** The loan's invoices (fee, installments, payoff); `action` adds a control per invoice (Pay). */
export function LoanInvoices({ invoices, action }: { invoices: readonly LoanInvoice[]; action?: (i: LoanInvoice) => ReactNode }) {
  if (invoices.length === 0) return <p className="text-sm text-muted-foreground">No invoices yet.</p>;
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Invoices and payments">
      {invoices.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2" data-testid="loan-invoice">
          <span className="min-w-0">
            <span className="font-medium">{i.number}</span> · {loanInvoiceKindLabels[i.kind]}
            {i.installmentNumber ? ` ${i.installmentNumber}` : ''}
          </span>
          <span className="flex items-center gap-3">
            <Money cents={i.totalCents} />
            <span className={cn('text-xs', i.status === 'paid' ? 'text-emerald-700' : 'text-muted-foreground')}>
              {i.status === 'paid' && i.paidAt ? `Paid ${day(i.paidAt)}` : invoiceStatusLabels[i.status]}
            </span>
            {action?.(i)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every status change with who made it and the note, oldest first. */
export function LoanHistory({ events }: { events: readonly LoanEvent[] }) {
  return (
    <ol className="grid gap-1 border-l pl-3 text-xs text-muted-foreground" aria-label="History">
      {events.map((e, i) => (
        <li key={i}>
          <span className="font-medium text-foreground">{loanStatusLabels[e.to]}</span> · {day(e.at)}
          {e.actorName && ` · ${e.actorName}`}
          {e.note && ` · ${e.note}`}
        </li>
      ))}
    </ol>
  );
}

/** A titled block inside a loan's detail. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('grid min-w-0 gap-2', className)} aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}
