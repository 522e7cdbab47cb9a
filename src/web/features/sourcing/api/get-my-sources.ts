import { useQuery } from '@tanstack/react-query';
import type { MySource } from '#common/hunts.ts';
import { apiGet } from '#web/lib/api.ts';
import { huntKeys } from './keys.ts';

/** GET /api/user/sources: the member's offers with their status history. */
export const useMySources = () =>
  useQuery({ queryKey: huntKeys.mySources, queryFn: ({ signal }) => apiGet<{ sources: MySource[] }>(huntKeys.mySources, signal) });
