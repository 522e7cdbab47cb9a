import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** How often and how many times a success page asks again while the payment is still settling. */
export const SESSION_POLL_MS = 1_500;
export const SESSION_POLL_TRIES = 12;

/** GET /api/checkout/session/{id}: what a checkout pays for and whether it has settled. */
export const fetchCheckoutSession = (id: string, signal?: AbortSignal) => apiRequest<CheckoutSession>('GET', paymentPaths.session(id), { signal });

export const checkoutSessionQuery = (id: string) =>
  queryOptions({ queryKey: paymentKeys.session(id), queryFn: ({ signal }) => fetchCheckoutSession(id, signal), staleTime: 0 });

const keepPolling = (status: string | undefined, reads: number) => status === 'pending' && reads < SESSION_POLL_TRIES;

/**
 * With `poll`, asks again while the session is pending, for at most SESSION_POLL_TRIES reads;
 * `polling` says whether it still will (a webhook can land a little after the browser returns).
 */
export function useCheckoutSession(id: string, poll = false) {
  const qc = useQueryClient();
  const query = useQuery({
    ...checkoutSessionQuery(id),
    enabled: !!id,
    refetchInterval: (q) => (poll && keepPolling(q.state.data?.status, q.state.dataUpdateCount) ? SESSION_POLL_MS : false),
  });
  const reads = qc.getQueryState(paymentKeys.session(id))?.dataUpdateCount ?? 0;
  return { query, polling: poll && keepPolling(query.data?.status, reads) };
}
