import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * Where a column goes on a card below the breakpoint: `primary` top left, `aside` top right,
 * `field` a labelled half-width entry (the default), `wide` a labelled full-width entry,
 * `footer` unlabelled at the bottom (row actions), `none` not on cards.
 */
export type CardPlacement = 'primary' | 'aside' | 'field' | 'wide' | 'footer' | 'none';

export interface Column<T> {
  id: string;
  /** The table header, and the card label unless `mobileLabel` is given. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  headerClassName?: string;
  card?: CardPlacement;
  mobileLabel?: ReactNode;
  /** What the card shows when it differs from the table cell. */
  mobileCell?: (row: T) => ReactNode;
  /** A card-only entry (the table shows it inside another column). */
  cardOnly?: boolean;
}

export interface ResponsiveTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  rowTestId?: string;
  cardTestId?: string;
  className?: string;
}

/**
 * A table at `md` (768 px) and up, stacked cards below: the one breakpoint every list switches at.
 * Columns are declared once; each says where it goes on a card.
 */
export function ResponsiveTable<T>({ rows, rowKey, columns, rowTestId, cardTestId, className }: ResponsiveTableProps<T>) {
  const tableColumns = columns.filter((c) => !c.cardOnly);
  const on = (p: CardPlacement) => columns.filter((c) => (c.card ?? 'field') === p);
  const primary = on('primary');
  const aside = on('aside');
  const fields = columns.filter((c) => c.card === undefined || c.card === 'field' || c.card === 'wide');
  const footer = on('footer');
  const cardCell = (c: Column<T>, row: T) => (c.mobileCell ?? c.cell)(row);

  // min-w-0: as a grid or flex item the wrapper would otherwise be as wide as the table, pushing
  // the page sideways instead of letting the table scroll in its own box.
  return (
    <div className={cn('min-w-0 max-w-full', className)}>
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {tableColumns.map((c) => (
                <TableHead key={c.id} className={c.headerClassName}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} data-testid={rowTestId}>
                {tableColumns.map((c) => (
                  <TableCell key={c.id} className={c.className}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} data-testid={cardTestId} className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border bg-card p-4 shadow-xs">
            {(primary.length > 0 || aside.length > 0) && (
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  {primary.map((c) => (
                    <div key={c.id}>{cardCell(c, row)}</div>
                  ))}
                </div>
                {aside.map((c) => (
                  <div key={c.id} className="shrink-0">
                    {cardCell(c, row)}
                  </div>
                ))}
              </div>
            )}
            {fields.length > 0 && (
              <dl className="grid grid-cols-2 gap-3 text-sm">
                {fields.map((c) => (
                  <div key={c.id} className={cn('min-w-0', c.card === 'wide' && 'col-span-2')}>
                    <dt className="mb-0.5 text-xs text-muted-foreground">{c.mobileLabel ?? c.header}</dt>
                    <dd className="break-words">{cardCell(c, row)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {footer.map((c) => (
              <div key={c.id}>{cardCell(c, row)}</div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
