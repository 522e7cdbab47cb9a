import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteClientInput, ManagerClient } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

export type SmsOutcome = { sent: boolean; reason: string | null };

/** POST /api/manager/clients */
export const inviteClient = (input: InviteClientInput) =>
  apiRequest<{ client: ManagerClient; sms: SmsOutcome }>('POST', '/api/manager/clients', { body: input });

export function useInviteClient() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: inviteClient, onSuccess: () => qc.invalidateQueries({ queryKey: managerKeys.clients }) });
}
