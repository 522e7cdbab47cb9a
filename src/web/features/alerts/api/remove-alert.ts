import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { alertKeys, alertPaths } from './keys.ts';

/** DELETE /api/user/alerts/{id}: stop watching. */
export const removeAlert = (id: string) => apiRequest<{ ok: true }>('DELETE', alertPaths.alert(id));

export function useRemoveAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeAlert, onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }) });
}
