import type { ReactNode } from 'react';
import { formatDate } from '#web/lib/dates.ts';
import { scheduleTotals, type Installment, type ScheduleRow } from '#common/lending.ts';
import { Money } from '../money.tsx';
import { StatusBadge } from '../status-badge.tsx';
import { installmentStatusMap } from './loan-status.ts';

type Row = ScheduleRow & Partial<Pick<Installment, 'status' | 'overdue' | 'paidAt' | 'invoiceId'>>;

/**
 * The repayment schedule: due date, payment split into interest and principal, balance after.
 * A quote's rows have no status; a loan's do, and may carry an action (Pay) for the due one.
 * It scrolls sideways inside its own box on a phone rather than widening the page.
 */
export function ScheduleTable({ rows, caption, action }: { rows: readonly Row[]; caption: string; action?: (row: Row) => ReactNode }) {
  const totals = scheduleTotals(rows);
  const withStatus = rows.some((r) => r.status);
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border" data-testid="schedule-table">
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Due
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Payment
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Interest
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Principal
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Balance after
            </th>
            {withStatus && (
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
            )}
            {action && (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} className="border-t" data-testid="schedule-row">
              <td className="px-3 py-2 tabular">{r.number}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDate(r.dueDate)}
                {r.overdue && <span className="ml-1 text-xs font-medium text-destructive">overdue</span>}
              </td>
              <td className="px-3 py-2 text-right">
                <Money cents={r.paymentCents} />
              </td>
              <td className="px-3 py-2 text-right text-muted-foreground">
                <Money cents={r.interestCents} />
              </td>
              <td className="px-3 py-2 text-right text-muted-foreground">
                <Money cents={r.principalCents} />
              </td>
              <td className="px-3 py-2 text-right">
                <Money cents={r.balanceAfterCents} />
              </td>
              {withStatus && <td className="px-3 py-2">{r.status && <StatusBadge status={r.status} map={installmentStatusMap} />}</td>}
              {action && <td className="px-3 py-2 text-right">{action(r)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t bg-muted/30 text-sm font-medium">
          <tr>
            <td className="px-3 py-2" colSpan={2}>
              Total
            </td>
            <td className="px-3 py-2 text-right">
              <Money cents={totals.paymentsCents} />
            </td>
            <td className="px-3 py-2 text-right">
              <Money cents={totals.interestCents} />
            </td>
            <td className="px-3 py-2 text-right">
              <Money cents={totals.paymentsCents - totals.interestCents} />
            </td>
            <td colSpan={1 + (withStatus ? 1 : 0) + (action ? 1 : 0)} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The balance over time for the chart: the principal at the start, then after each installment. */
export function balancePoints(startDate: string, principalCents: number, rows: readonly Pick<ScheduleRow, 'dueDate' | 'balanceAfterCents'>[]) {
  return [{ date: startDate, balanceCents: principalCents }, ...rows.map((r) => ({ date: r.dueDate, balanceCents: r.balanceAfterCents }))];
}
