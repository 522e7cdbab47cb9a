import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsThreadsResponse } from '#common/sms-convos.ts';
import { apiGet } from '#web/lib/api.ts';
import { SMS_POLL_MS, smsKeys, type SmsThreadsParams } from './keys.ts';

/** GET /api/admin/sms/threads?q=&page= */
export const fetchSmsThreads = (params: SmsThreadsParams, signal?: AbortSignal) => apiGet<SmsThreadsResponse>(smsKeys.list(params), signal);

export const smsThreadsQuery = (params: SmsThreadsParams) =>
  queryOptions({
    queryKey: smsKeys.list(params),
    queryFn: ({ signal }) => fetchSmsThreads(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: SMS_POLL_MS,
  });

export const useSmsThreads = (params: SmsThreadsParams) => useQuery(smsThreadsQuery(params));
