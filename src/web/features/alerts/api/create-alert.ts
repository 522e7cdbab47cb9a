import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, CreateAlertInput } from '#common/alerts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { alertKeys, alertPaths } from './keys.ts';

/** POST /api/user/alerts: watch a constituent's price or new listings, or a saved search. */
export const createAlert = (input: CreateAlertInput) => apiRequest<Alert>('POST', alertPaths.list, { body: input });

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAlert, onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }) });
}
