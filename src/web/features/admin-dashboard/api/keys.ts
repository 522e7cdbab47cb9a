import type { DashboardPeriod } from '#common/admin-dashboard.ts';

/** Query keys of the admin dashboard; each starts with its GET path. */
export const adminDashboardKeys = {
  all: ['/api/admin/dashboard'] as const,
  /** "Today", "this week" and the period's days are counted in the admin's own time zone. */
  summary: (tzOffset: number, period: DashboardPeriod) => [...adminDashboardKeys.all, { tzOffset, period }] as const,
};
