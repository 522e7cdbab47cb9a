import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '#common/admin-dashboard.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminDashboardKeys } from './keys.ts';

/** GET /api/admin/dashboard?tzOffset= */
export const fetchAdminDashboard = (tzOffset: number, signal?: AbortSignal) =>
  apiGet<AdminDashboard>(adminDashboardKeys.summary(tzOffset), signal);

/**
 * The dashboard sums up other features' records, and those features do not know its key: it
 * refetches whenever it is shown (cached figures stay on screen meanwhile) and on live events.
 */
export const adminDashboardQuery = (tzOffset: number) =>
  queryOptions({
    queryKey: adminDashboardKeys.summary(tzOffset),
    queryFn: ({ signal }) => fetchAdminDashboard(tzOffset, signal),
    staleTime: 30_000,
    refetchOnMount: 'always',
  });

export const useAdminDashboard = () => useQuery(adminDashboardQuery(new Date().getTimezoneOffset()));
