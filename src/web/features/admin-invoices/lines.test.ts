import { describe, expect, it } from 'vitest';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { draftsFromTemplate, emptyLine, feeLineAmount, move, parsePercent, percentOf, toFeeLine, totalOf, type DraftLine } from './lines.ts';

const fixed = (label: string, amount: string): DraftLine => ({ ...emptyLine('fixed'), label, amount });
const pct = (label: string, percent: string, base: string): DraftLine => ({ ...emptyLine('bps'), label, percent, base });

describe('parsing typed money', () => {
  it('reads dollars into whole cents', () => {
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents('$1,200.05')).toBe(120005);
    expect(parseDollarsToCents('0')).toBe(0);
  });
  it('refuses negative, fractional-cent and empty amounts', () => {
    expect(parseDollarsToCents('-1')).toBeNull();
    expect(parseDollarsToCents('1.005')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
  });
  it('reads percentages as basis points, at most 100 %', () => {
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('-3')).toBeNull();
  });
});

describe('line arithmetic', () => {
  it('rounds a percentage half up to the cent', () => {
    expect(percentOf(10_000, 250)).toBe(250);
    expect(percentOf(1_001, 50)).toBe(5); // 5.005 → 5
    expect(percentOf(1_100, 50)).toBe(6); // 5.5 → 6
    expect(percentOf(1_099, 50)).toBe(5); // 5.495 → 5
  });
  it('totals fixed and percentage lines', () => {
    const t = totalOf([fixed('Handling', '25'), pct('Commission', '10', '1,500')]);
    expect(t.totalCents).toBe(2_500 + 15_000);
    expect(t.valid).toBe(true);
  });
  it('leaves invalid lines out of the total and marks the list not sendable', () => {
    const t = totalOf([fixed('Handling', '25'), fixed('', '3'), pct('Fee', '120', '100')]);
    expect(t.totalCents).toBe(2_500);
    expect(t.valid).toBe(false);
    expect(t.results.map((r) => (r.ok ? 'ok' : r.error))).toEqual(['ok', 'Give the line a label', 'Enter a percentage from 0 to 100']);
  });
  it('an empty list is not valid', () => {
    expect(totalOf([]).valid).toBe(false);
  });
  it('fills a template on a base amount', () => {
    const lines = draftsFromTemplate(
      [
        { type: 'bps', label: 'Origination', basisPoints: 150 },
        { type: 'fixed', label: 'Vault intake', amountCents: 4_500 },
      ],
      200_000,
    );
    expect(totalOf(lines).totalCents).toBe(3_000 + 4_500);
    expect(feeLineAmount({ type: 'bps', label: 'x', basisPoints: 150 }, 200_000)).toBe(3_000);
  });
  it('turns a percentage line into a template line without a base', () => {
    expect(toFeeLine(pct('Commission', '8', ''))).toEqual({ ok: true, line: { type: 'bps', label: 'Commission', basisPoints: 800 } });
  });
});

describe('reordering', () => {
  it('moves a line up or down and stops at the ends', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
