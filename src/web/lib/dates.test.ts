import { describe, expect, it } from 'vitest';
import { formatDate, formatDateOnly, parseDateOnly } from './dates.ts';

describe('formatDate (web)', () => {
  it('shows a date-only value as that calendar day, not the local day of UTC midnight', () => {
    expect(formatDate('2024-03-15')).toBe('Mar 15, 2024');
    expect(formatDate('2026-12-08')).toBe('Dec 8, 2026');
    const day = parseDateOnly('2026-12-08');
    expect(day && formatDateOnly(day)).toBe('Dec 8, 2026');
  });

  it("shows an instant on the browser's day, as Intl does", () => {
    const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (const iso of ['2026-12-09T03:30:00Z', '2024-01-01T00:00:00Z', '2024-06-30T23:59:59Z'])
      expect(formatDate(iso)).toBe(local.format(new Date(iso)));
    expect(formatDate(new Date(2024, 0, 5))).toBe('Jan 5, 2024');
  });

  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
