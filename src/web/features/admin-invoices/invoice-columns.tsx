import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import type { Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import type { Invoice } from '#common/money.ts';
import { invoiceBadge, invoiceStatusStyles } from './labels.ts';

export const memberName = (i: Invoice) => i.user.name || formatPhoneForDisplay(i.user.phone);

export const invoiceColumns: Column<Invoice>[] = [
  {
    id: 'number',
    header: 'Invoice',
    card: 'primary',
    className: 'whitespace-nowrap',
    cell: (i) => (
      <Link href={`/admin/edit-invoice/${encodeURIComponent(i.id)}`} className="font-medium underline-offset-4 hover:underline">
        {i.number}
      </Link>
    ),
  },
  { id: 'member', header: 'Member', cell: memberName },
  { id: 'due', header: 'Due', className: 'whitespace-nowrap', cell: (i) => formatDate(i.dueDate) },
  { id: 'total', header: 'Total', headerClassName: 'text-right', className: 'text-right', cell: (i) => <Money cents={i.totalCents} /> },
  { id: 'status', header: 'Status', card: 'aside', cell: (i) => <StatusBadge status={invoiceBadge(i)} map={invoiceStatusStyles} /> },
];
