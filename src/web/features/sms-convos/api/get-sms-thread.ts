import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsThread } from '#common/sms-convos.ts';
import { apiGet } from '#web/lib/api.ts';
import { SMS_POLL_MS, smsKeys } from './keys.ts';

/** GET /api/admin/sms/threads/{phone} */
export const fetchSmsThread = (phone: string, signal?: AbortSignal) => apiGet<SmsThread>(smsKeys.thread(phone), signal);

export const smsThreadQuery = (phone: string) =>
  queryOptions({
    queryKey: smsKeys.thread(phone),
    queryFn: ({ signal }) => fetchSmsThread(phone, signal),
    staleTime: 10_000,
    refetchInterval: SMS_POLL_MS,
  });

export const useSmsThread = (phone: string | null) => useQuery({ ...smsThreadQuery(phone ?? ''), enabled: Boolean(phone) });
