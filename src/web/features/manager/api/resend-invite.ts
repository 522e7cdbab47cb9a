import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import type { SmsOutcome } from './invite-client.ts';
import { managerKeys } from './keys.ts';

/** POST /api/manager/clients/{id}/resend-invite */
export const resendInvite = (id: string) =>
  apiRequest<{ status: 'success'; sms: SmsOutcome }>('POST', `/api/manager/clients/${encodeURIComponent(id)}/resend-invite`);

export function useResendInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resendInvite, onSettled: () => qc.invalidateQueries({ queryKey: managerKeys.clients }) });
}
