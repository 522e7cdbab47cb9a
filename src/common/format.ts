// Made on first use: building an Intl formatter costs a few milliseconds (tens on a slow phone),
// and every page that imports this module would otherwise pay for both before its first paint.
// (A cache of immutable formatters: a second copy of this module in another chunk is harmless.)
const made: { money0?: Intl.NumberFormat; money2?: Intl.NumberFormat } = {};
const money = (decimals: 0 | 2) =>
  decimals === 0
    ? (made.money0 ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }))
    : (made.money2 ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * US dollars, 2 decimals by default or none. An empty or non-numeric value shows as $0.00
 * in the 2-decimal form (spec §3).
 */
export function formatMoney(value: number | string | null | undefined, decimals: 0 | 2 = 2): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return money(2).format(0);
  return money(decimals).format(n);
}

/** Money kept as integer cents, shown in dollars. */
export function formatCents(cents: number | bigint | null | undefined, decimals: 0 | 2 = 2): string {
  if (cents === null || cents === undefined) return formatMoney(null, decimals);
  return formatMoney(Number(cents) / 100, decimals);
}
