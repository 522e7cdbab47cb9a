import { useMutation } from '@tanstack/react-query';
import type { AccessRequest, AccessRequestResponse } from '#common/access-request.ts';
import { apiRequest } from '#web/lib/api.ts';

export function requestAccess(body: AccessRequest) {
  return apiRequest<AccessRequestResponse>('POST', '/api/request-access', { body });
}

/** POST /api/request-access. The dialog decides what to show (spec §8: the same toast either way). */
export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
