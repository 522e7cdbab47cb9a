/**
 * Days as people read them ("Dec 8, 2026"). Two kinds of value reach a screen, a notification or
 * a PDF: a date-only value (`YYYY-MM-DD`: a due date, a hunt deadline, an index day), which is the
 * same calendar day everywhere, and an instant (a timestamp), whose day depends on where it is read.
 * Reading a date-only value as an instant put it at UTC midnight, the previous evening west of UTC.
 */

/** A calendar day, `YYYY-MM-DD`, with no time and no time zone. Made by `parseDateOnly` or `utcDateOnly`. */
export type DateOnly = string & { readonly __dateOnly: true };

/** Where an instant is read: the machine's own zone, UTC, or an IANA zone such as "America/New_York". */
export type TimeZone = 'local' | 'UTC' | (string & {});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True for a real calendar day written `YYYY-MM-DD` ("2026-02-30" is not one). */
export function isDateOnly(value: unknown): value is DateOnly {
  if (typeof value !== 'string') return false;
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The day in a `YYYY-MM-DD` text (spaces around it allowed), or null when it is not one. */
export function parseDateOnly(value: string | null | undefined): DateOnly | null {
  const t = value?.trim();
  return isDateOnly(t) ? t : null;
}

/** The UTC calendar day of an instant: the server's "today". */
export function utcDateOnly(instant: Date): DateOnly {
  return instant.toISOString().slice(0, 10) as DateOnly;
}

const show = (year: number, monthIndex: number, day: number) => `${MONTHS[monthIndex]} ${day}, ${year}`;

/** "Dec 8, 2026" for 2026-12-08, in every time zone: no clock is involved. */
export function formatDateOnly(day: DateOnly): string {
  const [y, m, d] = day.split('-');
  return show(Number(y), Number(m) - 1, Number(d));
}

// Formatters for named zones, made on first use (building one costs milliseconds).
const zoned = new Map<string, Intl.DateTimeFormat>();
function zoneParts(d: Date, timeZone: string): [number, number, number] {
  let f = zoned.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    zoned.set(timeZone, f);
  }
  const part = (type: string) => Number(f.formatToParts(d).find((p) => p.type === type)?.value);
  return [part('year'), part('month') - 1, part('day')];
}

/**
 * The day of an instant where it is read, e.g. "Jan 5, 2024". The web reads in the browser's zone
 * ('local'), the server in UTC. Invalid input gives an empty string.
 */
export function formatInstant(value: Date | string | number | null | undefined, timeZone: TimeZone): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  // What Intl's en-US { month: 'short', day: 'numeric', year: 'numeric' } gives, without the
  // 10-15 ms (60 on a slow phone) that building a DateTimeFormat costs the page that first shows a date.
  if (timeZone === 'local') return show(d.getFullYear(), d.getMonth(), d.getDate());
  if (timeZone === 'UTC') return show(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return show(...zoneParts(d, timeZone));
}

/**
 * A day for people: a date-only value as that calendar day whatever the zone, anything else as an
 * instant read in `timeZone`. Nothing or nonsense gives an empty string.
 */
export function formatDay(value: Date | string | number | null | undefined, timeZone: TimeZone): string {
  return isDateOnly(value) ? formatDateOnly(value) : formatInstant(value, timeZone);
}

/** The server's form: date-only values as themselves, instants on their UTC day. */
export const formatDateUtc = (value: Date | string | number | null | undefined) => formatDay(value, 'UTC');
