import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDateOnly, formatDateUtc, formatDay, formatInstant, isDateOnly, parseDateOnly, utcDateOnly, type DateOnly } from './dates.ts';

const ZONES = ['America/New_York', 'Pacific/Honolulu', 'UTC', 'Europe/Paris', 'Pacific/Kiritimati'];

describe('date-only values', () => {
  it('accept real calendar days written YYYY-MM-DD only', () => {
    expect(parseDateOnly('2026-12-08')).toBe('2026-12-08');
    expect(parseDateOnly(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseDateOnly('2023-02-29')).toBeNull();
    expect(parseDateOnly('2026-13-01')).toBeNull();
    expect(parseDateOnly('2026-12-8')).toBeNull();
    expect(parseDateOnly('2026-12-08T00:00:00Z')).toBeNull();
    expect(parseDateOnly('')).toBeNull();
    expect(parseDateOnly(null)).toBeNull();
    expect(isDateOnly(20261208)).toBe(false);
  });

  it('show as that calendar day in every time zone, west of UTC included', () => {
    for (const zone of ZONES) {
      expect(formatDay('2024-03-15', zone), zone).toBe('Mar 15, 2024');
      expect(formatDay('2026-12-08', zone), zone).toBe('Dec 8, 2026');
      expect(formatDay('2027-01-01', zone), zone).toBe('Jan 1, 2027');
    }
    expect(formatDateOnly('2026-12-08' as DateOnly)).toBe('Dec 8, 2026');
    expect(formatDateUtc('2026-12-08')).toBe('Dec 8, 2026');
  });

  it('were shifted a day west of UTC when read as instants, as the old formatter did', () => {
    expect(formatInstant('2024-03-15', 'America/New_York')).toBe('Mar 14, 2024');
  });

  it('hold with the process itself in New York (TZ=America/New_York), for the web formatter too', () => {
    const dir = fileURLToPath(new URL('..', import.meta.url));
    const script = `
      const { formatDay } = await import(${JSON.stringify(`${dir}common/dates.ts`)});
      console.log(JSON.stringify([new Date('2024-03-15').getDate(), formatDay('2024-03-15', 'local'), formatDay('2024-03-15T02:00:00Z', 'local'), formatDay('2024-03-15T02:00:00Z', 'UTC')]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TZ: 'America/New_York' },
      encoding: 'utf8',
    });
    // 14: the zone is in force (a plain Date of that day is the evening before).
    expect(JSON.parse(out)).toEqual([14, 'Mar 15, 2024', 'Mar 14, 2024', 'Mar 15, 2024']);
  });
});

describe('instants', () => {
  it('show their day where they are read', () => {
    const lateEvening = '2026-12-09T03:30:00Z'; // Dec 8, 22:30 in New York
    expect(formatInstant(lateEvening, 'UTC')).toBe('Dec 9, 2026');
    expect(formatInstant(lateEvening, 'America/New_York')).toBe('Dec 8, 2026');
    expect(formatDateUtc(new Date(lateEvening))).toBe('Dec 9, 2026');
    expect(formatDay(Date.parse(lateEvening), 'Pacific/Kiritimati')).toBe('Dec 9, 2026');
  });

  it("match Intl's en-US short date in local time and in UTC for every day of three years", () => {
    const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const utc = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 366 * 3; day += 1) {
      const d = new Date(2023, 0, 1 + day, day % 24, 30);
      expect(formatInstant(d, 'local')).toBe(local.format(d));
      expect(formatInstant(d, 'UTC')).toBe(utc.format(d));
    }
  });

  it('give an empty string for nothing or nonsense', () => {
    expect(formatDay(null, 'local')).toBe('');
    expect(formatDay(undefined, 'UTC')).toBe('');
    expect(formatDay('', 'UTC')).toBe('');
    expect(formatDay('not a date', 'local')).toBe('');
  });

  it('give the UTC day the server calls today', () => {
    expect(utcDateOnly(new Date('2026-12-09T03:30:00Z'))).toBe('2026-12-09');
  });
});
