import { formatDay } from '#common/dates.ts';

export { formatDateOnly, isDateOnly, parseDateOnly, type DateOnly } from '#common/dates.ts';

/**
 * A day as the person reads it, e.g. "Dec 8, 2026". A date-only value (`YYYY-MM-DD`: a due date, a
 * deadline, an index day) is that calendar day wherever the browser is; an instant is its day in
 * the browser's time zone. Nothing or nonsense gives an empty string.
 */
export const formatDate = (value: Date | string | number | null | undefined): string => formatDay(value, 'local');
