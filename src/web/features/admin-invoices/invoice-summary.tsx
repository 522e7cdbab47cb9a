import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { labelWithoutRate, type Invoice } from '#common/money.ts';
import { Money } from '#web/components/money.tsx';

/** A sent, paid or void invoice: its lines and totals, read-only. */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  return (
    <div className="grid gap-4">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of {invoice.number}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              Line
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i} className="border-b last:border-0">
              <td className="py-2">
                {l.type === 'bps' ? labelWithoutRate(l.label, l.basisPoints) : l.label}
                {l.type === 'bps' && (
                  <span className="block text-xs text-muted-foreground">
                    {(l.basisPoints ?? 0) / 100}% of {formatCents(l.baseCents)}
                  </span>
                )}
              </td>
              <td className="py-2 text-right">
                <Money cents={l.amountCents} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left">
              Total
            </th>
            <td className="pt-3 text-right text-base font-semibold">
              <Money cents={invoice.totalCents} />
            </td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Due</dt>
          <dd>{formatDate(invoice.dueDate)}</dd>
        </div>
        {invoice.sentAt && (
          <div>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatDate(invoice.sentAt)}</dd>
          </div>
        )}
        {invoice.paidAt && (
          <div>
            <dt className="text-muted-foreground">Paid</dt>
            <dd>
              {formatDate(invoice.paidAt)}
              {invoice.paymentReference ? ` · ${invoice.paymentReference}` : ''}
            </dd>
          </div>
        )}
        {invoice.voidReason && (
          <div>
            <dt className="text-muted-foreground">Void because</dt>
            <dd>{invoice.voidReason}</dd>
          </div>
        )}
        {invoice.notes && (
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Notes</dt>
            <dd className="whitespace-pre-line">{invoice.notes}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
