import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertsResponse } from '#common/alerts.ts';
import { apiGet } from '#web/lib/api.ts';
import { alertKeys } from './keys.ts';

/** GET /api/user/alerts: the member's watchlist. */
export const fetchAlerts = (signal?: AbortSignal) => apiGet<AlertsResponse>(alertKeys.all, signal);

export const alertsQuery = () => queryOptions({ queryKey: alertKeys.all, queryFn: ({ signal }) => fetchAlerts(signal) });

export const useAlerts = (enabled = true) => useQuery({ ...alertsQuery(), enabled });
