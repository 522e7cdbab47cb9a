import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagerClientsResponse, OnboardingStatus } from '#common/onboarding.ts';
import { apiGet } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

/** GET /api/manager/clients?status= */
export const fetchManagerClients = (status: OnboardingStatus | undefined, signal?: AbortSignal) =>
  apiGet<ManagerClientsResponse>(managerKeys.list(status), signal);

export const managerClientsQuery = (status: OnboardingStatus | undefined) =>
  queryOptions({
    queryKey: managerKeys.list(status),
    queryFn: ({ signal }) => fetchManagerClients(status, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useManagerClients = (status: OnboardingStatus | undefined) => useQuery(managerClientsQuery(status));
