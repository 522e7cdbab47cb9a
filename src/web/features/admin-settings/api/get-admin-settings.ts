import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettingsResponse } from '#common/settings.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminSettingsKeys } from './keys.ts';

/** GET /api/admin/settings: every section, and the fee templates they may name. */
export const fetchAdminSettings = (signal?: AbortSignal) => apiGet<AdminSettingsResponse>(adminSettingsKeys.all, signal);

export const adminSettingsQuery = () => queryOptions({ queryKey: adminSettingsKeys.all, queryFn: ({ signal }) => fetchAdminSettings(signal) });

export const useAdminSettings = () => useQuery(adminSettingsQuery());
