import { z } from 'zod';

/**
 * A date-only value in the API (`YYYY-MM-DD`: a due date, a hunt deadline, an index day): a
 * calendar day with no time and no zone, `format: date` in the API reference, checked on the way
 * in and out. Shown through `formatDateOnly` (src/common/dates.ts), never read as an instant.
 */
export const dateOnlySchema = z.iso.date();
