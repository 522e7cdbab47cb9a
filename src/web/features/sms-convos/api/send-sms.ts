import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsMessage } from '#common/sms-convos.ts';
import { apiRequest } from '#web/lib/api.ts';
import { smsKeys } from './keys.ts';

/** POST /api/admin/sms/threads/{phone} */
export const sendSms = (phone: string, body: string) =>
  apiRequest<{ message: SmsMessage }>('POST', `/api/admin/sms/threads/${encodeURIComponent(phone)}`, { body: { body } });

/** The thread and the list are refreshed (one key covers both); the admin dashboard refetches whenever it is shown. */
export function useSendSms(phone: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: string) => sendSms(phone, body), onSettled: () => qc.invalidateQueries({ queryKey: smsKeys.threads }) });
}
