import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DASHBOARD_PERIOD, type AdminDashboard, type DashboardPeriod } from '#common/admin-dashboard.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminDashboardKeys } from './keys.ts';

/** GET /api/admin/dashboard?tzOffset=&period= */
export const fetchAdminDashboard = (tzOffset: number, period: DashboardPeriod, signal?: AbortSignal) =>
  apiGet<AdminDashboard>(adminDashboardKeys.summary(tzOffset, period), signal);

/**
 * The dashboard sums up other features' records, and those features do not know its key: it
 * refetches whenever it is shown (cached figures stay on screen meanwhile) and on live events.
 * Switching period keeps the last period's figures on screen until the new ones arrive.
 */
export const adminDashboardQuery = (tzOffset: number, period: DashboardPeriod) =>
  queryOptions({
    queryKey: adminDashboardKeys.summary(tzOffset, period),
    queryFn: ({ signal }) => fetchAdminDashboard(tzOffset, period, signal),
    staleTime: 30_000,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useAdminDashboard = (period: DashboardPeriod = DEFAULT_DASHBOARD_PERIOD) =>
  useQuery(adminDashboardQuery(new Date().getTimezoneOffset(), period));
