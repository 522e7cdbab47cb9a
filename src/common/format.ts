// Formatted by hand: building an Intl.NumberFormat costs a few milliseconds on first use (about
// 50 ms at Lighthouse's 4x CPU slow-down, in the dashboard's first sections). The result is the
// same as Intl's en-US USD format (a test compares them), which rounds the number's shortest
// decimal form half away from zero. Forms with an exponent (under 1e-6 or from 1e21) still go
// through Intl, made on first use. (A cache of immutable formatters: a second copy is harmless.)
const made: { money0?: Intl.NumberFormat; money2?: Intl.NumberFormat } = {};
const intlMoney = (decimals: 0 | 2) =>
  decimals === 0
    ? (made.money0 ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }))
    : (made.money2 ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "1234567" → "1,234,567": the digits of a whole number, grouped by thousands without Intl. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function usd(n: number, decimals: 0 | 2): string {
  const text = String(Math.abs(n));
  if (text.includes('e')) return intlMoney(decimals).format(n);
  const [whole, fraction = ''] = text.split('.');
  let digits = whole + fraction.padEnd(decimals, '0').slice(0, decimals);
  if (fraction.length > decimals && fraction[decimals] >= '5') {
    // Add one in the last kept place, carrying leftwards.
    const out = digits.split('');
    let i = out.length - 1;
    while (i >= 0 && out[i] === '9') out[i--] = '0';
    if (i >= 0) out[i] = String(Number(out[i]) + 1);
    else out.unshift('1');
    digits = out.join('');
  }
  const intPart = digits.slice(0, digits.length - decimals);
  const grouped = groupThousands(intPart);
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}$${grouped}${decimals ? `.${digits.slice(-decimals)}` : ''}`;
}

/**
 * US dollars, 2 decimals by default or none. An empty or non-numeric value shows as $0.00
 * in the 2-decimal form (spec §3).
 */
export function formatMoney(value: number | string | null | undefined, decimals: 0 | 2 = 2): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return usd(0, 2);
  return usd(n, decimals);
}

/** Money kept as integer cents, shown in dollars. */
export function formatCents(cents: number | bigint | null | undefined, decimals: 0 | 2 = 2): string {
  if (cents === null || cents === undefined) return formatMoney(null, decimals);
  return formatMoney(Number(cents) / 100, decimals);
}
