import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsMessage, SmsThread, SmsThreadsResponse } from '#common/sms-convos.ts';
import { apiRequest } from '#web/lib/api.ts';

export const SMS_THREADS_KEY = '/api/admin/sms/threads';
/** Inbound messages arrive by webhook; an open page looks for them this often. */
export const SMS_POLL_MS = 15_000;

const threadPath = (phone: string) => `${SMS_THREADS_KEY}/${encodeURIComponent(phone)}`;

export function useSmsThreads({ q, page }: { q: string; page: number }) {
  return useQuery<SmsThreadsResponse>({
    queryKey: [SMS_THREADS_KEY, { q: q || undefined, page }],
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: SMS_POLL_MS,
  });
}

export function useSmsThread(phone: string | null) {
  return useQuery<SmsThread>({
    queryKey: [threadPath(phone ?? '')],
    enabled: Boolean(phone),
    staleTime: 10_000,
    refetchInterval: SMS_POLL_MS,
  });
}

/** POST /api/admin/sms/threads/{phone}; the thread and the list are refreshed. */
export function useSendSms(phone: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<{ message: SmsMessage }>('POST', threadPath(phone), { body: { body } }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [threadPath(phone)] }),
        qc.invalidateQueries({ queryKey: [SMS_THREADS_KEY] }),
        qc.invalidateQueries({ queryKey: ['/api/admin/dashboard'] }),
      ]),
  });
}
