import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteClientInput, ManagerClient, ManagerClientDetail, ManagerClientsResponse, OnboardingStatus } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';

/** Spec §7 / live map: refreshed by onboarding_updated (the detail key sits under it). */
export const MANAGER_CLIENTS_KEY = '/api/manager/clients';

export function useManagerClients(status: OnboardingStatus | undefined) {
  return useQuery<ManagerClientsResponse>({
    queryKey: [MANAGER_CLIENTS_KEY, { status }],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useManagerClient(id: string) {
  return useQuery<ManagerClientDetail>({ queryKey: [MANAGER_CLIENTS_KEY, id], staleTime: 15_000 });
}

type SmsOutcome = { sent: boolean; reason: string | null };

export function useInviteClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteClientInput) => apiRequest<{ client: ManagerClient; sms: SmsOutcome }>('POST', MANAGER_CLIENTS_KEY, { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [MANAGER_CLIENTS_KEY] }),
  });
}

export function useResendInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ status: 'success'; sms: SmsOutcome }>('POST', `${MANAGER_CLIENTS_KEY}/${encodeURIComponent(id)}/resend-invite`),
    onSettled: () => qc.invalidateQueries({ queryKey: [MANAGER_CLIENTS_KEY] }),
  });
}

export function useConfirmDeposit(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents: number) =>
      apiRequest<ManagerClientDetail>('POST', `${MANAGER_CLIENTS_KEY}/${encodeURIComponent(id)}/confirm-deposit`, { body: { amountCents } }),
    onSuccess: (detail) => {
      qc.setQueryData([MANAGER_CLIENTS_KEY, id], detail);
      return qc.invalidateQueries({ queryKey: [MANAGER_CLIENTS_KEY] });
    },
  });
}
