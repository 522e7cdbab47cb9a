import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PsaCertResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** GET /api/psa/cert/{certNumber}: PSA's data for a certificate (503 when PSA is not configured). */
export const fetchPsaCert = (certNumber: string, signal?: AbortSignal) =>
  apiRequest<PsaCertResponse>('GET', cardPaths.psaCert(certNumber), { signal });

export const psaCertQuery = (certNumber: string) =>
  queryOptions({
    queryKey: cardKeys.psaCert(certNumber),
    queryFn: ({ signal }) => fetchPsaCert(certNumber, signal),
    // PSA's answer for a cert rarely changes and each call counts against a daily quota.
    staleTime: 30 * 60 * 1000,
  });

/** Looks up `certNumber` once it is set (null: nothing asked yet). */
export const usePsaCert = (certNumber: string | null) => useQuery({ ...psaCertQuery(certNumber ?? ''), enabled: !!certNumber });
