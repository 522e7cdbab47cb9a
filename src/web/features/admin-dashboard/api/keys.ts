/** Query keys of the admin dashboard; each starts with its GET path. */
export const adminDashboardKeys = {
  all: ['/api/admin/dashboard'] as const,
  /** "Today" and "this week" are counted in the admin's own time zone. */
  summary: (tzOffset: number) => [...adminDashboardKeys.all, { tzOffset }] as const,
};
