import { formatCents, formatMoney } from '#common/format.ts';
import { cn } from '#web/lib/utils.ts';

type MoneyProps = { decimals?: 0 | 2; className?: string } & (
  { dollars: number | string | null | undefined; cents?: never } | { cents: number | bigint | null | undefined; dollars?: never }
);

/** US dollars in tabular figures, formatted by the shared formatter (spec §3). */
export function Money({ decimals = 2, className, ...value }: MoneyProps) {
  const text = 'cents' in value && value.cents !== undefined ? formatCents(value.cents, decimals) : formatMoney(value.dollars, decimals);
  return <span className={cn('tabular', className)}>{text}</span>;
}
