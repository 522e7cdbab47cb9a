import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { apiGet } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

/** GET /api/manager/clients/{id} */
export const fetchManagerClient = (id: string, signal?: AbortSignal) => apiGet<ManagerClientDetail>(managerKeys.client(id), signal);

export const managerClientQuery = (id: string) =>
  queryOptions({ queryKey: managerKeys.client(id), queryFn: ({ signal }) => fetchManagerClient(id, signal), staleTime: 15_000 });

export const useManagerClient = (id: string) => useQuery(managerClientQuery(id));
