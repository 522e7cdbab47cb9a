import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#common/auth.ts';
import { apiGet } from '#web/lib/api.ts';
import { authKeys } from './keys.ts';

/** GET /api/user/profile: read by settings and by the dashboard's profile meter. */
export const fetchProfile = (signal?: AbortSignal) => apiGet<Profile>(authKeys.profile, signal);

export const profileQuery = () => queryOptions({ queryKey: authKeys.profile, queryFn: ({ signal }) => fetchProfile(signal) });

export const useProfile = () => useQuery(profileQuery());
