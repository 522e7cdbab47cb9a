import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { labelWithoutRate, type Invoice } from '#common/money.ts';
import { Money } from '#web/components/money.tsx';

/** The invoice as the member sees it before paying. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <div className="grid gap-3">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of {invoice.number}</caption>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i} className="border-b">
              <td className="py-2 pr-2">
                {l.type === 'bps' ? labelWithoutRate(l.label, l.basisPoints) : l.label}
                {l.type === 'bps' && (
                  <span className="block text-xs text-muted-foreground">
                    {(l.basisPoints ?? 0) / 100}% of {formatCents(l.baseCents)}
                  </span>
                )}
              </td>
              <td className="py-2 text-right align-top">
                <Money cents={l.amountCents} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left">
              Total due
            </th>
            <td className="pt-3 text-right text-lg font-semibold" data-testid="checkout-total">
              <Money cents={invoice.totalCents} />
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="text-sm text-muted-foreground">Due {formatDate(invoice.dueDate)}</p>
      {invoice.notes && <p className="whitespace-pre-line rounded-md bg-muted/60 p-3 text-sm">{invoice.notes}</p>}
    </div>
  );
}
