import { z } from 'zod';
import { adminAccessRequestSchema } from './access-request.ts';

/** The browser's Date#getTimezoneOffset(), so "today" and "this week" are the admin's own. */
export const adminDashboardQuerySchema = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

export const adminDashboardSchema = z.object({
  counts: z.object({
    members: z.number().int(),
    pendingAccessRequests: z.number().int(),
    requestsThisWeek: z.number().int(),
    smsSentToday: z.number().int(),
  }),
  recentAccessRequests: z.array(adminAccessRequestSchema),
  /** When the counts were taken, and the starts of "today" and "this week" (Monday) used. */
  asOf: z.string(),
  todayStart: z.string(),
  weekStart: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Start of the local day and of the local week (Monday), as instants, for a UTC offset in minutes. */
export function localPeriodStarts(now: Date, tzOffsetMinutes: number) {
  const offsetMs = tzOffsetMinutes * 60_000;
  const local = now.getTime() - offsetMs;
  const dayStartLocal = Math.floor(local / 86_400_000) * 86_400_000;
  const weekday = new Date(dayStartLocal).getUTCDay(); // 0 = Sunday
  const weekStartLocal = dayStartLocal - ((weekday + 6) % 7) * 86_400_000;
  return { todayStart: new Date(dayStartLocal + offsetMs), weekStart: new Date(weekStartLocal + offsetMs) };
}
