import { BPS_MAX, bpsOf, type FeeLine, type InvoiceLine, type InvoiceLineInput } from '#common/money.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

/** The largest percentage a line may take: 10,000 basis points is 100 %. */
export const MAX_BASIS_POINTS = BPS_MAX;

/** One line in the editor, with a stable key for React and the values as typed. */
export interface DraftLine {
  key: string;
  label: string;
  kind: 'fixed' | 'bps';
  /** Dollars as typed for a fixed line ("12.50"). */
  amount: string;
  /** Percent as typed for a percentage line ("2.5"). */
  percent: string;
  /** The base amount in dollars a percentage applies to. */
  base: string;
}

let counter = 0;
export const newKey = () => `line-${++counter}`;

/** A percent as typed → basis points, or null when it is not 0–100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const t = text.replace(/[%\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return bp <= MAX_BASIS_POINTS ? bp : null;
}

export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
export const bpToInput = (bp: number) => String(bp / 100);

/** A percentage of an amount in cents, rounded as the server rounds it. */
export const percentOf = bpsOf;

/** The amount of one fee line on a base amount. */
export const feeLineAmount = (line: FeeLine, baseCents: number) =>
  line.type === 'fixed' ? line.amountCents : percentOf(baseCents, line.basisPoints);

/** A line as the server takes it, or the reason it cannot be sent yet. */
export function toLineInput(line: DraftLine): { ok: true; line: InvoiceLineInput; amountCents: number } | { ok: false; error: string } {
  const label = line.label.trim();
  if (!label) return { ok: false, error: 'Give the line a label' };
  if (line.kind === 'fixed') {
    const amountCents = parseDollarsToCents(line.amount);
    if (amountCents === null) return { ok: false, error: 'Enter an amount like 25 or 12.50' };
    return { ok: true, line: { type: 'fixed', label, amountCents }, amountCents };
  }
  const basisPoints = parsePercent(line.percent);
  if (basisPoints === null) return { ok: false, error: 'Enter a percentage from 0 to 100' };
  const baseCents = parseDollarsToCents(line.base);
  if (baseCents === null) return { ok: false, error: 'Enter the amount the percentage applies to' };
  return { ok: true, line: { type: 'bps', label, basisPoints, baseCents }, amountCents: percentOf(baseCents, basisPoints) };
}

/** The live total of the editor: the valid lines' sum, and each line's amount or error. */
export function totalOf(lines: DraftLine[]) {
  const results = lines.map(toLineInput);
  const totalCents = results.reduce((sum, r) => sum + (r.ok ? r.amountCents : 0), 0);
  return { totalCents, results, valid: lines.length > 0 && results.every((r) => r.ok) };
}

export function draftFromInvoiceLine(line: InvoiceLine): DraftLine {
  return line.type === 'fixed'
    ? { key: newKey(), label: line.label, kind: 'fixed', amount: centsToInput(line.amountCents), percent: '', base: '' }
    : {
        key: newKey(),
        label: line.label,
        kind: 'bps',
        amount: '',
        percent: bpToInput(line.basisPoints ?? 0),
        base: centsToInput(line.baseCents ?? 0),
      };
}

/** A template's lines on a base amount, as editor lines. */
export function draftsFromTemplate(lines: FeeLine[], baseCents: number): DraftLine[] {
  return lines.map((l) =>
    l.type === 'fixed'
      ? { key: newKey(), label: l.label, kind: 'fixed', amount: centsToInput(l.amountCents), percent: '', base: '' }
      : { key: newKey(), label: l.label, kind: 'bps', amount: '', percent: bpToInput(l.basisPoints), base: centsToInput(baseCents) },
  );
}

export const emptyLine = (kind: DraftLine['kind'] = 'fixed'): DraftLine => ({ key: newKey(), label: '', kind, amount: '', percent: '', base: '' });

/** The list with the item at `from` moved one step up (-1) or down (+1); unchanged at the ends. */
export function move<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** A template line as the server takes it (a percentage has no base until it fills an invoice). */
export function toFeeLine(line: DraftLine): { ok: true; line: FeeLine } | { ok: false; error: string } {
  const r = toLineInput(line.kind === 'bps' ? { ...line, base: '0' } : line);
  if (!r.ok) return r;
  return { ok: true, line: r.line.type === 'fixed' ? r.line : { type: 'bps', label: r.line.label, basisPoints: r.line.basisPoints } };
}

export function draftFromFeeLine(l: FeeLine): DraftLine {
  return draftsFromTemplate([l], 0)[0];
}
